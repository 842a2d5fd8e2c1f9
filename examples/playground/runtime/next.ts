/** Stand-in for the `next` package root: components of the playground only read its version. */
export const version = '0.0.0-playground';

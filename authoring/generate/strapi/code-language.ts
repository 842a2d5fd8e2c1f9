/** The language of the generated controllers, routes and services. */
export type CodeLanguage = 'ts' | 'js';

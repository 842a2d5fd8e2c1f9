// The wire protocol between startStrapiServer (parent) and the child that serves Strapi over HTTP
// (child/serve-child.ts): the child's input, and the one message it sends once it listens.

/** What the child is asked to serve. */
export interface ServeRequest {
  /** The temporary Strapi app; it listens on 127.0.0.1 at the PORT of its environment. */
  readonly appDir: string;
  /** `js`: Strapi loads appDir itself; `ts`: the child compiles appDir into appDir/dist first. */
  readonly language: 'js' | 'ts';
  /** The super admin the child creates before it listens (the admin API logs in with it). */
  readonly admin: { readonly email: string; readonly password: string };
  /**
   * An end user of the users-permissions plugin the child creates, in the Authenticated role with
   * the page collection's REST actions and the media library's reads (a JWT from `/api/auth/local`).
   */
  readonly endUser: { readonly email: string; readonly password: string };
}

/** Strapi listens: the full-access API token the child created. */
export interface ServeReady {
  readonly ok: true;
  readonly apiToken: string;
}

/** Strapi did not come up: at which step, and its error message. */
export interface ServeFailure {
  readonly ok: false;
  readonly stage: 'compile' | 'register' | 'bootstrap' | 'users' | 'listen' | 'exit' | 'timeout';
  readonly error: string;
}

/** The one message the child sends. */
export type ServeReport = ServeReady | ServeFailure;

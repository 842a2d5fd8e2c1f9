// The little of Strapi 5's API that the boot child uses, typed by hand: the child loads Strapi from
// the temporary app at run time (createRequire), so no Strapi type reaches the test project.

/** An attribute as Strapi holds it (after register: custom fields already swapped for their type). */
export interface StrapiAttribute {
  readonly type: string;
  readonly relation?: string;
  readonly target?: string;
  readonly inversedBy?: string;
  readonly mappedBy?: string;
  readonly component?: string;
  readonly components?: readonly string[];
  readonly repeatable?: boolean;
  readonly enum?: readonly string[];
  readonly required?: boolean;
  readonly multiple?: boolean;
  readonly min?: number | string;
  readonly max?: number | string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly regex?: string;
}

/** A content type or a component. */
export interface StrapiSchema {
  readonly uid: string;
  readonly modelType: 'contentType' | 'component';
  readonly kind?: 'collectionType' | 'singleType';
  readonly collectionName: string;
  readonly attributes: Readonly<Record<string, StrapiAttribute>>;
  /** The definition as the file declared it, before Strapi added its own attributes. */
  readonly __schema__?: { readonly attributes?: Readonly<Record<string, unknown>> };
}

/** A document as the Document Service returns it (documentId plus attributes). */
export interface StrapiDocument {
  readonly documentId: string;
  readonly [attribute: string]: unknown;
}

/** `strapi.documents(uid)`: the v5 Document Service. */
export interface DocumentService {
  create(params: { data: Record<string, unknown> }): Promise<StrapiDocument>;
  update(params: { documentId: string; data: Record<string, unknown> }): Promise<StrapiDocument>;
  findOne(params: { documentId: string; populate?: unknown }): Promise<StrapiDocument | null>;
  findFirst(params?: { populate?: unknown }): Promise<StrapiDocument | null>;
  findMany(params?: { populate?: unknown }): Promise<StrapiDocument[]>;
}

/** A Strapi instance from `createStrapi`. */
export interface Strapi {
  readonly contentTypes: Readonly<Record<string, StrapiSchema>>;
  readonly components: Readonly<Record<string, StrapiSchema>>;
  readonly db: {
    query(uid: string): {
      create(params: { data: Record<string, unknown> }): Promise<{ id: number }>;
      findOne(params: { where: Record<string, unknown> }): Promise<{ id: number } | null>;
    };
  };
  /** A plugin's services: users-permissions' `user.add` (hashes the password). */
  plugin(name: 'users-permissions'): {
    service(name: 'user'): { add(values: Record<string, unknown>): Promise<unknown> };
  };
  documents(uid: string): DocumentService;
  /** The admin's services the serve child calls: the super admin role, a user, an API token. */
  service(uid: 'admin::role'): { getSuperAdmin(): Promise<{ id: number } | null> };
  service(uid: 'admin::user'): { create(attributes: Record<string, unknown>): Promise<unknown> };
  service(uid: 'admin::api-token'): { create(attributes: Record<string, unknown>): Promise<{ accessKey: string }> };
  register(): Promise<Strapi>;
  bootstrap(): Promise<Strapi>;
  /** Listens on the configured host and port (resolves once it does). */
  listen(): Promise<void>;
  destroy(): Promise<void>;
  /** Strapi's fatal path: logs and calls process.exit; the child replaces it with a throw. */
  stopWithError: (error: unknown, customMessage?: string) => unknown;
}

/** The `@strapi/strapi` module. */
export interface StrapiModule {
  createStrapi(options: { appDir: string; distDir: string; autoReload: boolean; serveAdminPanel: boolean }): Strapi;
}

/** The `@strapi/typescript-utils` module: the compiler `strapi build` and `strapi develop` run. */
export interface StrapiTypescriptUtils {
  compile(appDir: string, options: { configOptions: { ignoreDiagnostics: boolean } }): Promise<void>;
}

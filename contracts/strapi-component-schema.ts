/**
 * One attribute of a Strapi 5 component, as its schema.json declares it: the keys that decide how
 * a stored value is read and populated (docs/strapi-pages.md "The generated schema the SDK reads").
 * The SDK's `StrapiAttribute` and the authoring tools' attribute both satisfy it.
 */
export interface StrapiComponentAttribute {
  /** Strapi's attribute type (`string`, `media`, `relation`, `component`, `json`, `blocks`, ...). */
  readonly type: string;
  /** Left out of REST answers, and refused in a populate. */
  readonly private?: boolean;
  /** A `media` attribute holds several files. */
  readonly multiple?: boolean;
  /** The kind of a `relation` (`oneToOne`, `oneToMany`, ...): one ending in `Many` holds a list. */
  readonly relation?: string;
  /** The component uid of a `component` attribute. */
  readonly component?: string;
  /** A `component` attribute holds a list. */
  readonly repeatable?: boolean;
}

/** The components of a generated `strapi-schema.json`, by uid (`hero.hero1`), each with its attributes by name. */
export interface StrapiComponentSchema {
  /** Every component, by uid. */
  readonly components: Readonly<
    Record<
      string,
      {
        /** Its attributes, by name. */
        readonly attributes: Readonly<Record<string, StrapiComponentAttribute>>;
      }
    >
  >;
}

/** One component placed on a page (docs/design.md "Page data"). */
export interface ComponentInstance {
  /** The instance id, unique within its page. */
  id: string;
  /** The catalog package's id. */
  packageId: string;
  /** The npm package name at insert time. */
  package: string;
  /** The package's version at insert time. */
  version: string;
  /** Deep copy of data.json at insert time; afterwards only the user's edits change it. */
  props: Record<string, unknown>;
}

/** A saved page: the source of truth for its instances (spec 1.5, 2.6). */
export interface Page {
  /** The page's id. */
  id: string;
  /** The page's title. */
  title: string;
  /** The instances on the page, in order. */
  content: ComponentInstance[];
  /** Grows by one with every save; a save based on an older revision is a conflict. */
  revision: number;
  /** ISO 8601 time of the last save. */
  updatedAt: string;
}

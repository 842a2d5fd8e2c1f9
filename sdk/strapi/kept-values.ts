/** The stored values of one block that are not props of its instance's version. */
interface Kept {
  readonly version: string;
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * What the store read of each block's attributes that are not props of its instance's version
 * (a column the CMS's migration filled, `tagline` beside a 1.0.0 `subtitle`), by page and instance.
 * Strapi writes a dynamic zone's component rows anew on every update, so a save sends them back,
 * or they would be lost (docs/strapi-pages.md "Instances of older versions").
 */
export class KeptValues {
  readonly #pages = new Map<string, Map<string, Kept>>();

  /** Forgets what `pageId` held and starts recording it anew (a read or a save's answer). */
  reset(pageId: string): void {
    this.#pages.set(pageId, new Map());
  }

  /** Records the values an instance's block holds outside its version's props. */
  keep(pageId: string, instanceId: string, version: string, values: Readonly<Record<string, unknown>>): void {
    if (Object.keys(values).length === 0) return;
    let page = this.#pages.get(pageId);
    if (page === undefined) {
      page = new Map();
      this.#pages.set(pageId, page);
    }
    page.set(instanceId, { version, values });
  }

  /**
   * The values to send back for an instance: those read with it at the same version. An instance
   * saved at another version (upgraded, or put back by an undo) writes its own version's props only.
   */
  valuesOf(pageId: string, instanceId: string, version: string): Readonly<Record<string, unknown>> {
    const kept = this.#pages.get(pageId)?.get(instanceId);
    return kept !== undefined && kept.version === version ? kept.values : {};
  }
}

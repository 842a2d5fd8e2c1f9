/** One item an external source offers a field: the prop value it sets, and how the list shows it. */
export interface ExternalItem {
  /** The prop's value when the item is picked (a media file's `{id, url}`, say). */
  readonly value: unknown;
  /** What the list shows for the item. */
  readonly label: string;
  /** An image URL the list shows beside the label. */
  readonly preview?: string;
}

/**
 * Items for a field whose values live elsewhere (a CMS's media library): puck.json names one with
 * `{"type": "external", "source": "<name>"}` and the editor gives the function of that name
 * (the Puck adapter's `externalSources`). `query` is the user's search text.
 */
export type ExternalSource = (query: string) => Promise<readonly ExternalItem[]>;

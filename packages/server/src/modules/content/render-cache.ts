/**
 * Rendered content kept for the process lifetime (content files change with a deploy).
 * Concurrent first requests share one render; a miss (null) or a failure is not remembered,
 * so a file added later is found.
 */
export class RenderCache<T> {
  private readonly entries = new Map<string, Promise<T | null>>();

  get(key: string, render: () => Promise<T | null>): Promise<T | null> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = render();
      this.entries.set(key, entry);
      entry.then(
        (value) => value ?? this.entries.delete(key),
        () => this.entries.delete(key),
      );
    }
    return entry;
  }
}

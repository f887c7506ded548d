/**
 * Whether the announcements of one listened channel are being heard now (decision 0066): the
 * database client keeps one per channel, and every cache that follows the channel asks it on each
 * read and each store, so a stalled timer or a silent connection cannot leave a cache serving.
 */
export interface Freshness {
  /** True while listening and the listening connection answered within the heartbeat's limit. */
  heard(): boolean;
}

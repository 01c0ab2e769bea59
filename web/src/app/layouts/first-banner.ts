/**
 * The banner to show of those in order of priority: the first that shows. A banner is null when
 * it does not show and undefined while that is not known yet; then nothing shows, so that a later
 * banner does not appear only to be pushed out a moment after.
 */
export function firstBanner<Banner>(banners: readonly (Banner | null | undefined)[]): Banner | null {
  for (const banner of banners) {
    if (banner === undefined) return null;
    if (banner !== null) return banner;
  }
  return null;
}

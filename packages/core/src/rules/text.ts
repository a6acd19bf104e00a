/** Cuts a title to `max` characters followed by '...' (spec 1 §9: page titles in preview on small screens). */
export function truncateTitle(title: string, max = 10): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}

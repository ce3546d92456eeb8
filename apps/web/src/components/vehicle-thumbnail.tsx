/**
 * A vehicle's picture beside what is said of it (a rental, a booking): decorative, since its name
 * is written next to it, and 16:9 at 160 × 90 so that its place is kept while it loads.
 */
export function VehicleThumbnail({ src, className }: { src: string; className: string }) {
  return <img src={src} alt="" width={160} height={90} className={className} />;
}

import type { VehiclePhoto } from '@vroum/core/vehicle-photos';
import { vehiclePhotoSources } from '@vroum/core/vehicle-photo-sources';

/**
 * A vehicle photo as a `<picture>`: AVIF, then WebP, then JPEG, each at the widths the server
 * made, the browser choosing by `sizes`; the photo's own width and height keep its place while
 * it loads (no layout shift).
 */
export function VehiclePicture({
  photo,
  alt,
  sizes,
  eager = false,
  className,
}: {
  photo: VehiclePhoto;
  alt: string;
  /** How wide the image is shown, for the browser to pick the width to download. */
  sizes: string;
  /** Shown before any scrolling: fetched at once, with a high priority, painted with the page. */
  eager?: boolean;
  className?: string;
}) {
  const { sources, jpeg } = vehiclePhotoSources(photo);
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={jpeg.src}
        srcSet={jpeg.srcSet}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        // One shown at once is painted with the page, not in a later frame.
        decoding={eager ? 'auto' : 'async'}
        className={className}
      />
    </picture>
  );
}

import type { VehicleDetail } from '@vroum/core/vehicle';
import { GALLERY_IMAGE_SIZES, vehiclePhotoAlt } from '@vroum/core/vehicle-photo-sources';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState } from 'react';
import { VehiclePicture } from '../../../components/vehicle-picture';

/**
 * The top of the vehicle page: the team's photos, main photo first, or the car's illustration
 * when it has none. The photos slide sideways: a swipe, the arrow buttons, the thumbnails, or
 * the keyboard's arrow keys on the focused strip.
 */
export function VehicleGallery({ vehicle }: { vehicle: VehicleDetail }) {
  if (vehicle.photos.length === 0) {
    return (
      <div className="overflow-hidden rounded-3xl bg-gradient-to-b from-ivory via-paper to-mist/60 px-6 pt-10 pb-6">
        <img
          src={vehicle.imageUrl}
          alt={vehicle.name}
          width={800}
          height={450}
          sizes="(min-width: 1024px) 55vw, 100vw"
          fetchPriority="high"
          className="mx-auto w-full max-w-3xl"
        />
      </div>
    );
  }
  return <PhotoGallery vehicle={vehicle} />;
}

function PhotoGallery({ vehicle }: { vehicle: VehicleDetail }) {
  const { photos } = vehicle;
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const count = photos.length;

  const show = (index: number) => {
    const element = track.current;
    const target = Math.max(0, Math.min(count - 1, index));
    if (!element) return;
    const instant = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollTo({ left: target * element.clientWidth, behavior: instant ? 'auto' : 'smooth' });
    setCurrent(target);
  };

  return (
    <section aria-roledescription="carrousel" aria-label={`Photos : ${vehicle.name}`}>
      <div className="relative">
        <ul
          ref={track}
          // A scrolling strip is reached with the keyboard, whose arrow keys then slide it from
          // photo to photo (the browser's own scrolling, stopped at each photo by the snap).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label="Photos, à faire défiler"
          onScroll={(event) => {
            const { scrollLeft, clientWidth } = event.currentTarget;
            if (clientWidth > 0) setCurrent(Math.round(scrollLeft / clientWidth));
          }}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-3xl bg-mist [scrollbar-width:none] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-deep [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              aria-roledescription="diapositive"
              aria-label={`${index + 1} sur ${count}`}
              className="w-full shrink-0 snap-center snap-always"
            >
              <VehiclePicture
                photo={photo}
                alt={vehiclePhotoAlt(vehicle.name, index, count)}
                sizes={GALLERY_IMAGE_SIZES}
                eager={index === 0}
                className="aspect-[3/2] w-full object-cover"
              />
            </li>
          ))}
        </ul>
        {count > 1 && (
          <>
            <GalleryArrow
              label="Photo précédente"
              side="left"
              disabled={current === 0}
              onClick={() => show(current - 1)}
            />
            <GalleryArrow
              label="Photo suivante"
              side="right"
              disabled={current === count - 1}
              onClick={() => show(current + 1)}
            />
            <p
              aria-hidden="true"
              className="absolute right-4 bottom-4 rounded-full bg-ink/75 px-3 py-1 text-xs font-semibold text-paper tabular-nums"
            >
              {current + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="-mx-1 mt-2 hidden gap-3 overflow-x-auto p-1 sm:flex" aria-label="Miniatures">
          {photos.map((photo, index) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Afficher la photo ${index + 1} sur ${count}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => show(index)}
                className={clsx(
                  'block overflow-hidden rounded-xl ring-2 ring-offset-2 transition focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-deep',
                  index === current
                    ? 'ring-gold-deep'
                    : 'ring-transparent opacity-75 hover:opacity-100',
                )}
              >
                <VehiclePicture
                  photo={photo}
                  alt=""
                  sizes="112px"
                  className="aspect-[3/2] w-28 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GalleryArrow({
  label,
  side,
  disabled,
  onClick,
}: {
  label: string;
  side: 'left' | 'right';
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={clsx(
        'absolute top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-paper/90 text-ink shadow-md transition hover:bg-paper disabled:pointer-events-none disabled:opacity-0',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-deep',
        side === 'left' ? 'left-4' : 'right-4',
      )}
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}

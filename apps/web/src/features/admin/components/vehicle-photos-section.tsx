import type { Vehicle } from '@vroum/core/vehicle';
import { vehiclePhotoAlt } from '@vroum/core/vehicle-photo-sources';
import { VEHICLE_PHOTO_UPLOAD_TYPES, type VehiclePhoto } from '@vroum/core/vehicle-photos';
import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { VehiclePicture } from '../../../components/vehicle-picture';
import { notify } from '../../../lib/toast';
import {
  useChangeVehiclePhotos,
  useVehiclePhotos,
  type PhotoChange,
} from '../api/vehicle-photos-api';
import { badgeClass, errorMessage, QueryStates } from './states';

/**
 * The photos of a vehicle in the console: added from files (several at once, sent one by one),
 * shown in their order, the first being the main photo; each can become the main one, move one
 * place up or down, or be deleted. Every change is saved at once.
 */
export function VehiclePhotosSection({ vehicle }: { vehicle: Vehicle }) {
  const titleId = useId();
  const inputId = useId();
  const photos = useVehiclePhotos(vehicle.id);
  const change = useChangeVehiclePhotos(vehicle.id);
  const [progress, setProgress] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    const refused: string[] = [];
    for (const [index, file] of files.entries()) {
      setProgress(
        files.length > 1
          ? `Envoi de la photo ${index + 1} sur ${files.length}…`
          : 'Envoi de la photo…',
      );
      try {
        await change.mutateAsync({ kind: 'upload', file });
      } catch (error) {
        refused.push(`${file.name} : ${errorMessage(error)}`);
      }
    }
    setProgress(null);
    if (refused.length) setProblem(refused.join('\n'));
    const added = files.length - refused.length;
    if (added > 0) {
      notify.success('Succès', added > 1 ? `${added} photos ajoutées` : 'Photo ajoutée');
    }
  };

  const apply = (request: PhotoChange, done: string) =>
    change.mutate(request, {
      onSuccess: () => notify.success('Succès', done),
      onError: (error) => notify.error('Erreur', errorMessage(error)),
    });

  const list = photos.data?.photos ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((photo) => photo.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    apply({ kind: 'order', photoIds: ids }, 'Ordre des photos enregistré');
  };

  return (
    <section aria-labelledby={titleId} className="mt-8 border-t border-mist pt-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id={titleId} className="font-display text-2xl text-ink">
            Photos
          </h3>
          <p className="mt-1 max-w-xl text-sm text-stone">
            La première est la photo principale, montrée sur les cartes de la flotte. JPEG, PNG,
            WebP ou AVIF, 15 MB au plus, 960 pixels de large au moins.
          </p>
        </div>
        <div>
          <input
            id={inputId}
            type="file"
            multiple
            accept={VEHICLE_PHOTO_UPLOAD_TYPES.join(',')}
            className="peer sr-only"
            disabled={progress !== null}
            onChange={(event) => void upload(event)}
          />
          <label
            htmlFor={inputId}
            className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-full bg-ink px-5 text-sm font-semibold text-paper transition peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-deep peer-disabled:cursor-wait peer-disabled:opacity-60 hover:bg-graphite"
          >
            <ImagePlus className="h-4 w-4" aria-hidden="true" />
            Ajouter des photos
          </label>
        </div>
      </div>
      <p role="status" className="mt-3 text-sm font-semibold text-ink empty:hidden">
        {progress}
      </p>
      {problem && (
        <p
          role="alert"
          className="mt-3 rounded-xl bg-danger/5 p-3 text-sm whitespace-pre-line text-danger"
        >
          {problem}
        </p>
      )}
      <div className="mt-4">
        <QueryStates
          query={photos}
          failure="Impossible de charger les photos"
          isEmpty={() => list.length === 0}
          empty={
            <p className="rounded-2xl bg-ivory px-4 py-6 text-center text-sm text-stone">
              Aucune photo : l’illustration du véhicule est affichée sur le site.
            </p>
          }
        >
          {() => (
            <ol className="grid gap-3" aria-label="Photos du véhicule">
              {list.map((photo, index) => (
                <PhotoItem
                  key={photo.id}
                  photo={photo}
                  index={index}
                  count={list.length}
                  vehicleName={vehicle.name}
                  busy={change.isPending}
                  onMain={() =>
                    apply({ kind: 'main', photoId: photo.id }, 'Photo principale enregistrée')
                  }
                  onMove={(by) => move(index, by)}
                  onDelete={() => {
                    if (!window.confirm('Supprimer cette photo ?')) return;
                    apply({ kind: 'delete', photoId: photo.id }, 'Photo supprimée');
                  }}
                />
              ))}
            </ol>
          )}
        </QueryStates>
      </div>
    </section>
  );
}

function PhotoItem({
  photo,
  index,
  count,
  vehicleName,
  busy,
  onMain,
  onMove,
  onDelete,
}: {
  photo: VehiclePhoto;
  index: number;
  count: number;
  vehicleName: string;
  busy: boolean;
  onMain: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}) {
  const number = index + 1;
  const moves = [
    { by: -1, label: `Monter la photo ${number}`, Icon: ArrowUp, disabled: index === 0 },
    {
      by: 1,
      label: `Descendre la photo ${number}`,
      Icon: ArrowDown,
      disabled: index === count - 1,
    },
  ] as const;
  return (
    <li
      aria-label={`Photo ${number}${index === 0 ? ' (principale)' : ''}`}
      className="flex items-center gap-4 rounded-2xl bg-paper p-2 ring-1 ring-mist"
    >
      <VehiclePicture
        photo={photo}
        alt={vehiclePhotoAlt(vehicleName, index, count)}
        sizes="144px"
        className="aspect-[3/2] w-28 shrink-0 rounded-xl object-cover sm:w-36"
      />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        {index === 0 ? (
          <span className={`${badgeClass} bg-ink text-gold`}>
            <Star className="h-3.5 w-3.5" aria-hidden="true" />
            Photo principale
          </span>
        ) : (
          <Button variant="outline" size="sm" disabled={busy} onClick={onMain}>
            <Star className="h-4 w-4" aria-hidden="true" />
            Définir comme principale
          </Button>
        )}
        <div className="ml-auto flex">
          {moves.map(({ by, label, Icon, disabled }) => (
            <Button
              key={by}
              variant="ghost"
              size="sm"
              aria-label={label}
              disabled={busy || disabled}
              onClick={() => onMove(by)}
            >
              <Icon className="h-4 w-4" aria-hidden="true" />
            </Button>
          ))}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Supprimer la photo ${number}`}
            disabled={busy}
            onClick={onDelete}
          >
            <Trash2 className="h-4 w-4 text-danger" aria-hidden="true" />
          </Button>
        </div>
      </div>
    </li>
  );
}

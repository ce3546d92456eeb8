import { CAR_ZONES, CAR_ZONE_LABELS, type CarZone, type Damage } from '@vroum/core/operations';
import { Camera, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { QueuedPhoto } from '../photo-queue';
import { NoteField } from './inspection-blocks';

const STATE_LABELS: Record<QueuedPhoto['state'], string> = {
  sending: 'envoi…',
  waiting: 'en attente de réseau',
  sent: 'envoyée',
  failed: 'échec, touchez Réessayer',
};

/**
 * The car seen from above as a grid of zones: the agent touches a zone, describes the damage and
 * takes its photos (camera or file); each damage lists its photos and their sending state.
 */
export function DamageEditor({
  damages,
  onChange,
  photos,
  addPhoto,
  retry,
}: {
  damages: Damage[];
  onChange: (damages: Damage[]) => void;
  photos: QueuedPhoto[];
  addPhoto: (file: File) => Promise<string>;
  retry: () => void;
}) {
  const [zone, setZone] = useState<CarZone | null>(null);
  const [note, setNote] = useState('');
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const marked = new Set(damages.map((damage) => damage.zone));
  const photo = (id: string) => photos.find((candidate) => candidate.id === id);

  const save = () => {
    if (!zone || !note.trim()) return;
    onChange([...damages, { zone, note: note.trim(), photoIds }]);
    setZone(null);
    setNote('');
    setPhotoIds([]);
  };

  return (
    <div className="grid gap-4">
      <div role="group" aria-label="Zones du véhicule" className="grid grid-cols-3 gap-2">
        {CAR_ZONES.map((candidate) => (
          <button
            key={candidate}
            type="button"
            aria-pressed={zone === candidate}
            onClick={() => setZone(candidate)}
            className={`min-h-12 rounded-xl px-2 text-xs font-semibold ring-1 ${
              zone === candidate
                ? 'bg-ink text-paper ring-ink'
                : marked.has(candidate)
                  ? 'bg-danger/10 text-danger ring-danger/40'
                  : 'bg-paper text-ink ring-mist'
            }`}
          >
            {CAR_ZONE_LABELS[candidate]}
          </button>
        ))}
      </div>
      {zone && (
        <div className="grid gap-3 rounded-2xl bg-ivory p-4">
          <NoteField
            id="damage-note"
            label={`Dommage — ${CAR_ZONE_LABELS[zone]}`}
            value={note}
            onChange={setNote}
            maxLength={200}
            className="grid gap-3"
          />
          <label className="inline-flex min-h-12 w-fit cursor-pointer items-center gap-2 rounded-full border border-ink/20 px-5 text-sm font-semibold">
            <Camera className="h-4 w-4" aria-hidden="true" />
            Ajouter une photo
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void addPhoto(file).then((id) => setPhotoIds((ids) => [...ids, id]));
              }}
            />
          </label>
          <Thumbnails ids={photoIds} photo={photo} />
          <Button variant="outline" onClick={save} disabled={!note.trim()}>
            Enregistrer ce dommage
          </Button>
        </div>
      )}
      {damages.length > 0 && (
        <ul className="grid gap-2" aria-label="Dommages relevés">
          {damages.map((damage, index) => (
            <li
              key={`${damage.zone}-${index}`}
              className="rounded-xl bg-paper p-3 ring-1 ring-mist"
            >
              <div className="flex items-start justify-between gap-3">
                <p>
                  <span className="font-semibold">{CAR_ZONE_LABELS[damage.zone]}</span> —{' '}
                  {damage.note}
                </p>
                <button
                  type="button"
                  className="inline-flex h-11 w-11 shrink-0 items-center justify-center"
                  aria-label={`Retirer le dommage ${CAR_ZONE_LABELS[damage.zone]}`}
                  onClick={() => onChange(damages.filter((_, i) => i !== index))}
                >
                  <X className="h-5 w-5" aria-hidden="true" />
                </button>
              </div>
              <Thumbnails ids={damage.photoIds} photo={photo} />
            </li>
          ))}
        </ul>
      )}
      {photos.some(
        (candidate) => candidate.state === 'failed' || candidate.state === 'waiting',
      ) && (
        <Button variant="outline" onClick={retry}>
          Réessayer l’envoi des photos
        </Button>
      )}
    </div>
  );
}

function Thumbnails({
  ids,
  photo,
}: {
  ids: string[];
  photo: (id: string) => QueuedPhoto | undefined;
}) {
  if (ids.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {ids.map((id, index) => {
        const item = photo(id);
        return (
          <li key={id} className="grid gap-1 text-xs text-stone">
            {item && (
              <img
                src={item.preview}
                alt={`Cliché ${index + 1}`}
                className="h-16 w-20 rounded-lg object-cover"
              />
            )}
            <span>{item ? STATE_LABELS[item.state] : ''}</span>
          </li>
        );
      })}
    </ul>
  );
}

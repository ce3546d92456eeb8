import type { Vehicle } from '@vroum/core/vehicle';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { VehiclePicture } from '../../../components/vehicle-picture';
import { formatEuros } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAdminVehicles, useDeleteVehicle } from '../api/admin-api';
import { badgeClass, errorMessage, QueryStates } from './states';
import { RowActions } from './row-actions';
import { VehicleFormDialog } from './vehicle-form-dialog';

/** Véhicules: image, name, category, price per day, availability; add, edit, delete. */
export function VehiclesTab() {
  const vehicles = useAdminVehicles();
  const remove = useDeleteVehicle();
  const [editing, setEditing] = useState<{ vehicle: Vehicle | null } | null>(null);

  const onDelete = (vehicle: Vehicle) => {
    if (!window.confirm('Êtes-vous sûr de vouloir supprimer ce véhicule\u00a0?')) return;
    remove.mutate(vehicle.id, {
      onSuccess: (result) => {
        if (result.outcome === 'deleted') notify.success('Succès', 'Véhicule supprimé');
        else notify.info('Véhicule retiré de la location', result.message);
      },
      onError: (error) => notify.error('Erreur', errorMessage(error)),
    });
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-3xl text-ink">Véhicules</h2>
        <Button onClick={() => setEditing({ vehicle: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Ajouter un véhicule
        </Button>
      </div>
      <div className="mt-6">
        <QueryStates
          query={vehicles}
          failure="Impossible de charger les véhicules"
          isEmpty={(data) => data.vehicles.length === 0}
          empty="Aucun véhicule pour le moment."
        >
          {(data) => (
            <ul className="grid gap-3" aria-label="Véhicules">
              {data.vehicles.map((vehicle) => (
                <li
                  key={vehicle.id}
                  aria-label={vehicle.name}
                  className="flex flex-wrap items-center gap-4 rounded-2xl bg-paper p-4 ring-1 ring-mist"
                >
                  {vehicle.mainPhoto ? (
                    <VehiclePicture
                      photo={vehicle.mainPhoto}
                      alt=""
                      sizes="96px"
                      className="h-16 w-24 rounded-xl bg-ivory object-cover"
                    />
                  ) : (
                    <img
                      src={vehicle.imageUrl}
                      alt=""
                      loading="lazy"
                      className="h-16 w-24 rounded-xl bg-ivory object-cover"
                    />
                  )}
                  <div className="min-w-40 flex-1">
                    <p className="font-semibold text-ink">{vehicle.name}</p>
                    <p className="text-sm text-stone">{vehicle.category}</p>
                  </div>
                  <p className="text-sm font-semibold text-ink">
                    {formatEuros(vehicle.pricePerDayCents)} / jour
                  </p>
                  <span
                    className={`${badgeClass} ${
                      vehicle.isAvailable
                        ? 'bg-success/10 text-success'
                        : 'bg-danger/10 text-danger'
                    }`}
                  >
                    {vehicle.isAvailable ? 'Disponible' : 'Indisponible'}
                  </span>
                  <RowActions
                    name={vehicle.name}
                    onEdit={() => setEditing({ vehicle })}
                    onDelete={() => onDelete(vehicle)}
                    deleting={remove.isPending}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
      <VehicleFormDialog
        open={editing !== null}
        vehicle={editing?.vehicle ?? null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}

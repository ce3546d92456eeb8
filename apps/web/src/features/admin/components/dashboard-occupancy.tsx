import { occupancyRate, type BusinessDashboard } from '@vroum/core/business-dashboard';
import { KEEP_CLEAR } from '../../../components/chat/keep-clear';
import { counted, formatDays, formatMonth, formatShare } from './dashboard-format';
import { CONSOLE_LINKS, Panel } from './dashboard-parts';

interface Row {
  key: string;
  name: string;
  note: string;
  bookedMinutes: number;
  blockedMinutes: number;
  busyMinutes: number;
  /** The time the row could have been busy: the month, times its cars for a category. */
  availableMinutes: number;
}

/** A row: its name and share, a bar split between rented and blocked time, the days of each. */
function OccupancyRow({ row }: { row: Row }) {
  const width = (minutes: number) =>
    `${Math.min(100, (minutes / Math.max(row.availableMinutes, 1)) * 100)}%`;
  // The bar shows the busy time once: what is blocked and not rented is blocked.
  const blockedOnly = Math.max(0, row.busyMinutes - row.bookedMinutes);
  return (
    <li className="grid content-start gap-1.5 border-b border-mist py-3">
      <div className="flex items-baseline justify-between gap-3">
        <span className="min-w-0 text-sm">
          <span className="font-semibold text-ink">{row.name}</span>
          <span className="text-stone"> · {row.note}</span>
        </span>
        <span {...KEEP_CLEAR} className="font-semibold text-ink tabular-nums">
          {formatShare(occupancyRate(row.busyMinutes, row.availableMinutes))}
        </span>
      </div>
      <div className="flex h-2 overflow-hidden rounded-full bg-mist" aria-hidden="true">
        <div className="bg-ink" style={{ width: width(row.bookedMinutes) }} />
        <div className="bg-gold" style={{ width: width(blockedOnly) }} />
      </div>
      <p className="text-xs text-stone">
        Loué {formatDays(row.bookedMinutes)} · immobilisé {formatDays(row.blockedMinutes)}
      </p>
    </li>
  );
}

/** A list of rows laid out in `columns` (a wide screen shows the fleet in two or three). */
function OccupancyList({
  title,
  label,
  rows,
  columns,
}: {
  title: string;
  label: string;
  rows: Row[];
  columns: string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <ul className={`grid gap-x-8 ${columns}`} aria-label={label}>
        {rows.map((row) => (
          <OccupancyRow key={row.key} row={row} />
        ))}
      </ul>
    </div>
  );
}

/** The month's occupancy of the fleet: per category, then per car. */
export function DashboardOccupancy({ data }: { data: BusinessDashboard }) {
  const { monthMinutes, cars, categories } = data.occupancy;
  const categoryRows: Row[] = categories.map((category) => ({
    ...category,
    key: category.category,
    name: category.category,
    note: counted(category.cars, 'véhicule', 'véhicules'),
    availableMinutes: category.cars * monthMinutes,
  }));
  const carRows: Row[] = cars.map((car) => ({
    ...car,
    key: car.vehicleId,
    note: `${car.category}, ${counted(car.bookings, 'location', 'locations')}${
      car.blocks > 0 ? `, ${counted(car.blocks, 'immobilisation', 'immobilisations')}` : ''
    }`,
    availableMinutes: monthMinutes,
  }));
  return (
    <Panel
      title="Occupation de la flotte"
      period={formatMonth(data.month.from)}
      link={{ to: CONSOLE_LINKS.planning, label: 'Voir le planning' }}
    >
      <p className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-stone">
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2 w-4 rounded-full bg-ink" aria-hidden="true" /> Loué
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="h-2 w-4 rounded-full bg-gold" aria-hidden="true" /> Immobilisé
        </span>
      </p>
      <div className="mt-3 grid gap-8">
        <OccupancyList
          title="Par catégorie"
          label="Occupation par catégorie"
          rows={categoryRows}
          columns="sm:grid-cols-2 lg:grid-cols-4"
        />
        <OccupancyList
          title="Par véhicule"
          label="Occupation par véhicule"
          rows={carRows}
          columns="md:grid-cols-2 xl:grid-cols-3"
        />
      </div>
    </Panel>
  );
}

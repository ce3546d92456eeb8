import type { BusinessDashboard } from '@vroum/core/business-dashboard';
import { MISSION_KIND_LABELS, MISSION_STATUS_LABELS, type Mission } from '@vroum/core/operations';
import { clsx } from 'clsx';
import { KEEP_CLEAR } from '../../../components/chat/keep-clear';
import { CONSOLE_LINKS, Figure, Panel } from './dashboard-parts';
import { counted, formatClock, formatWeek, formatWeekDay } from './dashboard-format';

const deliveries = (count: number) => counted(count, 'livraison', 'livraisons');
const returns = (count: number) => counted(count, 'retour', 'retours');

function MissionRow({ mission }: { mission: Mission }) {
  return (
    <li className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-2xl bg-ivory p-3 text-sm sm:grid-cols-[3.5rem_minmax(0,1fr)_auto] sm:items-center">
      <span className="row-span-2 font-semibold text-ink tabular-nums sm:row-span-1">
        {formatClock(mission.at)}
      </span>
      <span className="min-w-0">
        <span className="font-semibold text-ink">{MISSION_KIND_LABELS[mission.kind]}</span>
        {' · '}
        {mission.vehicleName}
        <span className="block text-stone">
          <span className="font-mono tracking-wider">{mission.reference}</span> ·{' '}
          {mission.customerName}
        </span>
      </span>
      <span className="text-xs text-stone sm:text-right">
        {MISSION_STATUS_LABELS[mission.status]}
        {' · '}
        {mission.agent ? mission.agent.name : 'Sans agent'}
      </span>
    </li>
  );
}

/** Today's deliveries and returns, in time order, then the week's day by day. */
export function DashboardMissions({ data }: { data: BusinessDashboard }) {
  const { today, week, weekTotal } = data.missions;
  const todayDeliveries = today.filter((mission) => mission.kind === 'delivery').length;
  return (
    <Panel
      title="Livraisons et retours"
      link={{ to: CONSOLE_LINKS.planning, label: 'Ouvrir le planning' }}
    >
      <dl className="grid grid-cols-2 gap-3">
        <Figure
          label="Aujourd’hui"
          value={String(today.length)}
          detail={`${deliveries(todayDeliveries)}, ${returns(today.length - todayDeliveries)}`}
        />
        <Figure
          label="Cette semaine"
          value={String(weekTotal.deliveries + weekTotal.returns)}
          detail={`${deliveries(weekTotal.deliveries)}, ${returns(weekTotal.returns)}`}
        />
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-ink">Aujourd’hui</h3>
      {today.length === 0 ? (
        <p className="mt-2 text-sm text-stone">Aucune livraison ni aucun retour prévu.</p>
      ) : (
        <ul className="mt-2 grid gap-2" aria-label="Livraisons et retours du jour">
          {today.map((mission) => (
            <MissionRow key={`${mission.bookingId}-${mission.kind}`} mission={mission} />
          ))}
        </ul>
      )}
      <h3 className="mt-6 text-sm font-semibold text-ink">
        Semaine {formatWeek(data.week.from, data.week.to)}
      </h3>
      <table {...KEEP_CLEAR} className="mt-2 w-full table-fixed text-sm">
        <caption className="sr-only">Livraisons et retours de la semaine, jour par jour</caption>
        <thead>
          <tr className="text-left text-xs text-stone">
            <th scope="col" className="py-1 font-semibold">
              Jour
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Livraisons
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Retours
            </th>
          </tr>
        </thead>
        <tbody>
          {week.map((day) => (
            <tr
              key={day.day}
              className={clsx(
                'border-t border-mist',
                day.day === data.day && 'bg-gold-soft/60 font-semibold',
              )}
              aria-current={day.day === data.day ? 'date' : undefined}
            >
              <th scope="row" className="py-1.5 pl-2 text-left font-normal">
                {formatWeekDay(day.day)}
              </th>
              <td className="py-1.5 text-right tabular-nums">{day.deliveries}</td>
              <td className="py-1.5 pr-2 text-right tabular-nums">{day.returns}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

import type { ConditionCheck, IdentityReviewItem } from '@vroum/core/rental-steps';
import { clsx } from 'clsx';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatShortDate } from '../../../lib/format';
import { badgeClass } from './states';

const MISSING = 'Non renseigné';
const day = (value: string | null) => (value ? formatShortDate(value) : MISSING);
const sameLicence = (a: string, b: string) =>
  a.replace(/[\s-]/g, '').toUpperCase() === b.replace(/[\s-]/g, '').toUpperCase();

/** A pass/fail mark in words and colour, with its icon. */
export function Verdict({ pass, labels }: { pass: boolean; labels: readonly [string, string] }) {
  const Icon = pass ? CircleCheck : TriangleAlert;
  return (
    <span
      className={clsx(
        badgeClass,
        'whitespace-nowrap',
        pass ? 'bg-success/10 text-success' : 'bg-danger/10 text-danger',
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {pass ? labels[0] : labels[1]}
    </span>
  );
}

/**
 * A table wider than a phone scrolls sideways in its frame (a licence number stays on one line, to
 * be compared at a glance), which the keyboard reaches too: the frame takes the focus, and the
 * arrow keys scroll it. Its name says which booking it belongs to: the list shows several checks.
 * The table's title stands above the frame, which names the table (`aria-labelledby`): as a
 * caption it was as wide as the table and cut at the frame's edge on a phone.
 */
function ScrollFrame({
  label,
  title,
  children,
}: {
  label: string;
  title: ReactNode;
  children: (titleId: string) => ReactNode;
}) {
  const titleId = useId();
  return (
    // A grid's item is as wide as its content unless told: the frame, not the card, scrolls.
    <div className="min-w-0">
      <div id={titleId} className="mb-2 font-semibold text-ink">
        {title}
      </div>
      <div
        role="region"
        aria-label={label}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="overflow-x-auto rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-deep"
      >
        {children(titleId)}
      </div>
    </div>
  );
}

const cellClass = 'border-t border-mist px-3 py-2 align-top';
const headClass = 'px-3 pb-2 text-left text-xs font-semibold tracking-wide text-stone uppercase';

/** The driver given at checkout against what the customer entered with the documents. */
export function DriverComparison({ item }: { item: IdentityReviewItem }) {
  const driverName = [item.driver.firstName, item.driver.lastName].filter(Boolean).join(' ');
  return (
    <ScrollFrame
      label={`Conducteur déclaré et informations saisies, réservation ${item.booking.reference}`}
      title="Conducteur déclaré et informations saisies"
    >
      {(titleId) => (
        <table aria-labelledby={titleId} className="w-full text-sm text-graphite">
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                Donnée
              </th>
              <th scope="col" className={headClass}>
                Au paiement
              </th>
              <th scope="col" className={headClass}>
                Saisi par le client
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row" className={clsx(cellClass, 'text-left font-normal text-stone')}>
                Nom
              </th>
              <td className={cellClass}>{driverName || MISSING}</td>
              <td className={cellClass}>{item.customerName}</td>
            </tr>
            <tr>
              <th scope="row" className={clsx(cellClass, 'text-left font-normal text-stone')}>
                Date de naissance
              </th>
              <td className={cellClass}>{day(item.driver.dateOfBirth)}</td>
              <td className={cellClass}>—</td>
            </tr>
            <tr>
              <th scope="row" className={clsx(cellClass, 'text-left font-normal text-stone')}>
                Numéro de permis
              </th>
              <td className={clsx(cellClass, 'font-mono whitespace-nowrap')}>
                {item.driver.licenseNumber || MISSING}
              </td>
              <td className={cellClass}>
                <span className="block font-mono whitespace-nowrap">
                  {item.licenseNumber ?? MISSING}
                </span>
                {item.licenseNumber && item.driver.licenseNumber && (
                  <Verdict
                    pass={sameLicence(item.licenseNumber, item.driver.licenseNumber)}
                    labels={['Identique', 'Différent']}
                  />
                )}
              </td>
            </tr>
            <tr>
              <th scope="row" className={clsx(cellClass, 'text-left font-normal text-stone')}>
                Date d’obtention du permis
              </th>
              <td className={cellClass}>{day(item.driver.licenseIssueDate)}</td>
              <td className={cellClass}>
                <span className="block">{day(item.licenseIssueDate)}</span>
                {item.licenseIssueDate && item.driver.licenseIssueDate && (
                  <Verdict
                    pass={item.licenseIssueDate === item.driver.licenseIssueDate}
                    labels={['Identique', 'Différent']}
                  />
                )}
              </td>
            </tr>
            <tr>
              <th scope="row" className={clsx(cellClass, 'text-left font-normal text-stone')}>
                Expiration de la pièce d’identité
              </th>
              <td className={cellClass}>—</td>
              <td className={cellClass}>{day(item.documentExpiryDate)}</td>
            </tr>
          </tbody>
        </table>
      )}
    </ScrollFrame>
  );
}

/** The rental conditions computed by the server: each rule passes or fails, in words. */
export function Conditions({
  conditions,
  reference,
}: {
  conditions: ConditionCheck[];
  /** The booking's reference, which names the table's frame among the other checks'. */
  reference: string;
}) {
  if (conditions.length === 0) {
    return (
      <p className="rounded-xl bg-ivory p-3 text-sm text-stone">
        Conditions de location non calculées&nbsp;: date de naissance ou d’obtention du permis
        manquante.
      </p>
    );
  }
  const failing = conditions.filter((rule) => !rule.pass).length;
  return (
    <ScrollFrame
      label={`Conditions de location, réservation ${reference}`}
      title={
        <>
          Conditions de location{' '}
          <span
            className={clsx('block text-xs font-normal', failing ? 'text-danger' : 'text-success')}
          >
            {failing === 0
              ? 'Toutes les conditions sont remplies.'
              : `${failing} condition${failing > 1 ? 's' : ''} non remplie${failing > 1 ? 's' : ''}.`}
          </span>
        </>
      }
    >
      {(titleId) => (
        <table aria-labelledby={titleId} className="w-full text-sm text-graphite">
          <thead>
            <tr>
              <th scope="col" className={headClass}>
                Condition
              </th>
              <th scope="col" className={headClass}>
                Exigé
              </th>
              <th scope="col" className={headClass}>
                Constaté
              </th>
              <th scope="col" className={headClass}>
                Résultat
              </th>
            </tr>
          </thead>
          <tbody>
            {conditions.map((rule) => (
              <tr key={rule.label}>
                <th scope="row" className={clsx(cellClass, 'text-left font-normal text-ink')}>
                  {rule.label}
                </th>
                <td className={cellClass}>{rule.required}</td>
                <td className={cellClass}>{rule.actual}</td>
                <td className={cellClass}>
                  <Verdict pass={rule.pass} labels={['Conforme', 'Non conforme']} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ScrollFrame>
  );
}

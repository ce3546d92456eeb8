import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { notify } from '../../lib/toast';
import { useDriverProfile } from './api/profile';
import type { CheckoutAttempt } from './checkout-storage';
import {
  checkDriver,
  differsFromProfile,
  driverFromProfile,
  type DriverField,
  type DriverValues,
} from './driver-info';

const NO_INVALID_FIELD: ReadonlySet<DriverField> = new Set();

/**
 * Checkout's first step: the main driver, prefilled from the profile (or as sent with the
 * booking), with the offer to save what the customer adds to the profile. The callbacks keep
 * their identity while the driver does not change, so that the form is not drawn again when the
 * quote, the vehicle or the payment settings arrive.
 */
export function useDriverStep({
  sent,
  accountEmail,
  onDone,
}: {
  /** What was sent with the booking, if it exists: the form then shows it. */
  sent: CheckoutAttempt['sent'];
  /** Null while the session is read. */
  accountEmail: string | null;
  /** Called when the customer continues with a complete, valid driver. */
  onDone: () => void;
}) {
  const waiting = accountEmail === null;
  const profile = useDriverProfile(!waiting && !sent);
  const [edits, setEdits] = useState<DriverValues | null>(sent?.driver ?? null);
  // The profile's answer re-renders its readers at once (the query is an external store): the
  // form it fills is drawn in a deferred render instead, a few milliseconds at a time, so that a
  // phone's browser can answer a tap while the twelve fields are created.
  const prefilled = useDeferredValue(
    useMemo(
      () => (profile.isPending || waiting ? null : driverFromProfile(profile.data, accountEmail)),
      [profile.isPending, profile.data, waiting, accountEmail],
    ),
  );
  const driver = edits ?? prefilled;
  const [invalid, setInvalid] = useState<ReadonlySet<DriverField>>(NO_INVALID_FIELD);
  // What the customer types is offered back to the profile (ticked: a first checkout fills it).
  const [saveChecked, setSaveChecked] = useState(true);
  const offerSave = Boolean(
    driver &&
    profile.isSuccess &&
    !waiting &&
    differsFromProfile(driver, profile.data, accountEmail),
  );

  const onChange = useCallback(
    (field: DriverField, value: string) => {
      setEdits((current) => {
        const base = current ?? prefilled;
        return base ? { ...base, [field]: value } : current;
      });
      setInvalid((current) =>
        current.has(field) ? new Set([...current].filter((name) => name !== field)) : current,
      );
    },
    [prefilled],
  );

  const onSubmit = useCallback(() => {
    if (!driver) return;
    const check = checkDriver(driver);
    if (!check.ok) {
      setInvalid(new Set(check.invalid));
      notify.error(check.title, check.message);
      return;
    }
    setInvalid(NO_INVALID_FIELD);
    onDone();
  }, [driver, onDone]);

  const saveOffer = useMemo(
    () => (offerSave ? { checked: saveChecked, onChange: setSaveChecked } : null),
    [offerSave, saveChecked],
  );

  return {
    /** Null while the profile that prefills it loads. */
    driver,
    /** Whether the booking asks the server to save the driver to the profile. */
    saveToProfile: offerSave && saveChecked,
    /** The step's form's own props. */
    form: { values: driver, onChange, invalid, onSubmit, saveOffer },
  };
}

import { AddressAutocomplete } from '../../../components/address-autocomplete';

export interface ReturnAddressValue {
  elsewhere: boolean;
  address: string;
}

/**
 * Where the car is collected: at the delivery address unless the customer ticks the box and
 * picks another address, which is priced like the delivery (free in Île-de-France).
 */
export function ReturnAddressField({
  value,
  onChange,
  onSelect,
}: {
  value: ReturnAddressValue;
  onChange: (value: ReturnAddressValue) => void;
  onSelect: (label: string) => void;
}) {
  return (
    <div className="space-y-3">
      <label
        htmlFor="return-elsewhere"
        className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-graphite"
      >
        <input
          id="return-elsewhere"
          type="checkbox"
          checked={value.elsewhere}
          onChange={(event) => onChange({ ...value, elsewhere: event.target.checked })}
          className="h-4 w-4 accent-[var(--color-gold-deep)]"
        />
        Restitution à une autre adresse
      </label>
      {value.elsewhere && (
        <AddressAutocomplete
          id="return-address"
          label="Adresse de restitution"
          value={value.address}
          onChange={(address) => onChange({ ...value, address })}
          onSelect={(picked) => onSelect(picked.label)}
        />
      )}
    </div>
  );
}

/** Metropolitan '01'…'95' (Corsica is '2A'/'2B', no longer '20'), overseas '971'…'989'. */
const DEPARTMENT_CODE = /^(0[1-9]|1\d|2[1-9AB]|[3-8]\d|9[0-5]|97[1-8]|98[46-9])$/;

/** The code if it looks like a French department code, otherwise null. */
export function parseDepartmentCode(value: string | null | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && DEPARTMENT_CODE.test(code) ? code : null;
}

/** Department of an INSEE commune code ('75108' → '75', '2A004' → '2A', '97411' → '974'). */
export function departmentFromCitycode(citycode: string | null | undefined): string | null {
  if (!citycode || !/^(\d{5}|2[AB]\d{3})$/i.test(citycode)) return null;
  return parseDepartmentCode(citycode.slice(0, /^9[78]/.test(citycode) ? 3 : 2));
}

/**
 * Department of a postcode. Postcodes are not commune codes: overseas ones use three digits, and
 * Corsica's 20xxx split between Corse-du-Sud (200xx–201xx) and Haute-Corse (202xx–206xx).
 */
export function departmentFromPostcode(postcode: string | null | undefined): string | null {
  if (!postcode || !/^\d{5}$/.test(postcode)) return null;
  if (postcode.startsWith('20')) return Number(postcode.slice(2, 3)) <= 1 ? '2A' : '2B';
  if (/^9[78]/.test(postcode)) return parseDepartmentCode(postcode.slice(0, 3));
  return parseDepartmentCode(postcode.slice(0, 2));
}

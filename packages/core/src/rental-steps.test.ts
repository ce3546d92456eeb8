import { describe, expect, it } from 'vitest';
import { IdentitySubmission, identityFilesToReplace } from './rental-steps';

const form = IdentitySubmission.omit({ bookingId: true });
const firstMessages = (values: Record<string, string>) => {
  const result = form.safeParse(values);
  const messages: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) messages[String(issue.path[0])] ??= issue.message;
  return messages;
};

describe('IdentitySubmission', () => {
  it('says an empty field is required, not invalid', () => {
    expect(
      firstMessages({ licenseNumber: '', licenseIssueDate: '', documentExpiryDate: '' }),
    ).toEqual({
      licenseNumber: 'Le numéro de permis est obligatoire.',
      licenseIssueDate: 'La date d’obtention du permis est obligatoire.',
      documentExpiryDate: 'La date d’expiration de la pièce d’identité est obligatoire.',
    });
  });

  it('still calls a malformed value invalid', () => {
    expect(
      firstMessages({
        licenseNumber: '12',
        licenseIssueDate: '2005-13-45',
        documentExpiryDate: '2040-01-01',
      }),
    ).toEqual({
      licenseNumber: 'Le numéro de permis est invalide.',
      licenseIssueDate: 'La date d’obtention du permis est invalide.',
    });
  });
});

describe('identityFilesToReplace', () => {
  it('asks for the refused documents by the refusal’s reason', () => {
    expect(identityFilesToReplace('unreadable')).toEqual([
      'id_card',
      'licence_front',
      'licence_back',
    ]);
    expect(identityFilesToReplace('selfie_mismatch')).toEqual(['selfie']);
    expect(identityFilesToReplace('conditions_not_met')).toEqual([]);
  });

  it('asks for every file when the reason is unknown', () => {
    expect(identityFilesToReplace(null)).toEqual([
      'id_card',
      'licence_front',
      'licence_back',
      'selfie',
    ]);
  });
});

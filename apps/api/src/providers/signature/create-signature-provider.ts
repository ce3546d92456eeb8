import type { SignatureProvider } from './signature-provider';
import type { YousignSettings } from './yousign-signature';

/** `config.signature`: SIGNATURE_PROVIDER=builtin (default, offline) or yousign. */
export type SignatureConfig = { provider: 'builtin' } | ({ provider: 'yousign' } & YousignSettings);

export async function createSignatureProvider(config: SignatureConfig): Promise<SignatureProvider> {
  if (config.provider === 'yousign') {
    const { YousignSignature } = await import('./yousign-signature');
    return new YousignSignature(config);
  }
  return { kind: 'in_app', name: 'builtin' };
}

import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { GetSecretValueCommand, PutSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { ensureProvenanceKey } from './provenance-key';
import { credentialsFromSecret, markAsAiGenerated, setSigningCredentialsForTests } from '../lib/provenance';
import { provenanceReady } from '../lib/provenance-ready';
import { setSecretFetcherForTests } from '../lib/runtime-secrets';
import { PROVENANCE_SECRET_SHAPE } from '../../infra/lib/constructs/secrets';
import { readProvenance } from '../../test/support/provenance';

/** A Secrets Manager double: one secret, GetSecretValue and PutSecretValue. */
function secretsDouble(initial: string) {
  const state = { value: initial, puts: 0 };
  return {
    state,
    send: async (cmd: unknown) => {
      if (cmd instanceof GetSecretValueCommand) return { SecretString: state.value };
      if (cmd instanceof PutSecretValueCommand) {
        state.value = cmd.input.SecretString!;
        state.puts += 1;
        return {};
      }
      throw new Error('unexpected command');
    },
  } as const;
}

const env = { ...process.env };
afterEach(() => {
  setSigningCredentialsForTests(null);
  process.env = { ...env };
});

describe('provenance on day one (issue 24)', () => {
  it('fills the empty secret the stack creates with a self-issued chain that signs a verifiable manifest', async () => {
    const sm = secretsDouble(JSON.stringify(PROVENANCE_SECRET_SHAPE));
    expect(await ensureProvenanceKey(sm as never, 'arn:provenance', 'prod')).toBe('generated');
    const creds = credentialsFromSecret(sm.state.value);
    expect(creds.certificate.subject).toContain('self-issued');
    expect(creds.certificate.subject).toContain('not on the C2PA trust list');
    setSigningCredentialsForTests(creds);
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const read = await readProvenance(await markAsAiGenerated(jpeg, 'image/jpeg', 'generative'));
    expect(read?.actions.map((a) => a.action)).toContain('c2pa.created');
    expect(read?.validation.isValid).toBe(true);
  });

  it("never overwrites an operator's certificate (a second deploy keeps it)", async () => {
    const sm = secretsDouble(JSON.stringify(PROVENANCE_SECRET_SHAPE));
    await ensureProvenanceKey(sm as never, 'arn:provenance', 'prod');
    const first = sm.state.value;
    expect(await ensureProvenanceKey(sm as never, 'arn:provenance', 'prod')).toBe('kept');
    expect(sm.state.value).toBe(first);
    expect(sm.state.puts).toBe(1);
  });

  it('the readiness check: the generated secret passes; empty, broken or missing refuses before any credit', async () => {
    const sm = secretsDouble(JSON.stringify(PROVENANCE_SECRET_SHAPE));
    await ensureProvenanceKey(sm as never, 'arn:provenance', 'prod');
    let stored = JSON.stringify(PROVENANCE_SECRET_SHAPE);
    setSecretFetcherForTests(async () => stored);
    Object.assign(process.env, { APP_STAGE: 'prod', PROVENANCE_SECRET_ARN: 'arn:provenance' });
    expect(await provenanceReady()).toBe(false); // the empty shape the stack creates
    setSecretFetcherForTests(async () => (stored = sm.state.value));
    expect(await provenanceReady()).toBe(true);
    expect(await provenanceReady(new Date(Date.now() + 400 * 86_400_000))).toBe(false); // expired
    setSecretFetcherForTests(async () => '{"privateKeyPem":"x","certificateChainPem":"not a certificate"}');
    expect(await provenanceReady()).toBe(false);
    delete process.env.PROVENANCE_SECRET_ARN;
    expect(await provenanceReady()).toBe(false); // a deployed stage without the secret
    Object.assign(process.env, { APP_STAGE: 'local' });
    expect(await provenanceReady()).toBe(true); // locally an in-memory development chain signs
    setSecretFetcherForTests(null);
  });
});

/**
 * AI marking of generated images (EU AI Act art. 50(2)): every image a model made that we store carries
 * - a signed C2PA manifest: one `c2pa.created` action with digitalSourceType trainedAlgorithmicMedia and the
 *   generator named (claim generator "Fitly", software agent "Fitly virtual try-on"); nothing about the user;
 * - the same IPTC digital source type in XMP, for tools that read XMP but not C2PA.
 *
 * Library: @trustnxt/c2pa-ts (pure TypeScript, no native binary or WASM: it bundles into the arm64 Lambda
 * as-is); see docs/decisions.md. It writes JPEG and PNG; our generated images are JPEG (the image pipeline
 * flattens results), so this module marks JPEG and refuses anything else loudly.
 *
 * Signing credentials:
 * - in AWS: PROVENANCE_SECRET_ARN names a Secrets Manager secret with JSON
 *   { "privateKeyPem": PKCS#8 P-256 key, "certificateChainPem": signing certificate first, then its CA chain };
 *   without it, a deployed stage refuses to sign (it never falls back to a development key);
 * - locally: a development chain (root "Fitly DEVELOPMENT ONLY Root CA" and a leaf) generated in memory on
 *   first use, once per process. It is labelled as development in its subject and is never written anywhere.
 */
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { JPEG } from '@trustnxt/c2pa-ts/asset';
import { CoseAlgorithmIdentifier, LocalSigner } from '@trustnxt/c2pa-ts/cose';
import {
  ActionAssertion,
  ActionType,
  DataHashAssertion,
  DigitalSourceType,
  ManifestStore,
} from '@trustnxt/c2pa-ts/manifest';
import { AI_GENERATOR_NAME, AI_SOFTWARE_AGENT, DIGITAL_SOURCE_TYPE, type MadeBy } from '../../shared/domain/provenance';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export interface SigningCredentials {
  /** PKCS#8 DER of an EC P-256 private key. */
  privateKey: Uint8Array;
  certificate: x509.X509Certificate;
  chain: x509.X509Certificate[];
}

const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

/** A development-only chain: a self-signed root and a signing leaf that meet the C2PA certificate profile. */
export async function createDevelopmentCredentials(now = new Date()): Promise<SigningCredentials> {
  const rootKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Fitly DEVELOPMENT ONLY Root CA, O=Fitly (local development, not trusted)',
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + 3650 * DAY),
    keys: rootKeys as CryptoKeyPair,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey as CryptoKey),
    ],
  });
  const leafKeys = await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=Fitly DEVELOPMENT ONLY content signer, O=Fitly (local development, not trusted)',
    issuer: root.subject,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + 365 * DAY),
    signingKey: rootKeys.privateKey as CryptoKey,
    publicKey: leafKeys.publicKey as CryptoKey,
    signingAlgorithm: EC,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      // emailProtection: one of the two EKUs the C2PA certificate profile accepts for claim signing
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection], false),
      await x509.SubjectKeyIdentifierExtension.create(leafKeys.publicKey as CryptoKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey as CryptoKey),
    ],
  });
  const privateKey = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', leafKeys.privateKey as CryptoKey));
  return { privateKey, certificate: leaf, chain: [root] };
}

/** Parse the Secrets Manager JSON (PEM key and PEM chain, signing certificate first). */
export function credentialsFromSecret(secretString: string): SigningCredentials {
  const parsed = JSON.parse(secretString) as { privateKeyPem?: string; certificateChainPem?: string };
  if (!parsed.privateKeyPem || !parsed.certificateChainPem)
    throw new Error('The provenance secret needs privateKeyPem and certificateChainPem');
  const b64 = parsed.privateKeyPem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const pems = parsed.certificateChainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const [certificate, ...chain] = pems.map((p) => new x509.X509Certificate(p));
  if (!certificate) throw new Error('The provenance secret has no certificate');
  return { privateKey: new Uint8Array(Buffer.from(b64, 'base64')), certificate, chain };
}

let credentials: Promise<SigningCredentials> | undefined;

function loadCredentials(): Promise<SigningCredentials> {
  credentials ??= (async () => {
    const arn = process.env.PROVENANCE_SECRET_ARN;
    if (arn) {
      const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
      const res = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
      return credentialsFromSecret(res.SecretString ?? '{}');
    }
    if ((process.env.APP_STAGE ?? 'local') !== 'local')
      throw new Error('PROVENANCE_SECRET_ARN is not set: refusing to sign with a development key outside local mode');
    return createDevelopmentCredentials();
  })().catch((err) => {
    credentials = undefined; // try again on the next call
    throw err;
  });
  return credentials;
}

/** Tests only: sign with these credentials (null: back to the configured ones). */
export function setSigningCredentialsForTests(c: SigningCredentials | null): void {
  credentials = c ? Promise.resolve(c) : undefined;
}

/** The XMP packet: IPTC digital source type and the creator tool, nothing else. */
export function aiXmpPacket(madeBy: MadeBy = 'generative'): string {
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"' +
    ` Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPE[madeBy]}" xmp:CreatorTool="${AI_SOFTWARE_AGENT}"/>` +
    '</rdf:RDF></x:xmpmeta><?xpacket end="r"?>'
  );
}

const XMP_NAMESPACE = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/** Insert an APP1 XMP segment right after SOI (and after a JFIF APP0, which must stay first). */
export function insertJpegXmp(jpeg: Buffer, xmp: string): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('Not a JPEG');
  const payload = Buffer.concat([XMP_NAMESPACE, Buffer.from(xmp, 'utf8')]);
  if (payload.length + 2 > 0xffff) throw new Error('XMP packet too large for one segment');
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  let at = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) at = 4 + jpeg.readUInt16BE(4);
  return Buffer.concat([jpeg.subarray(0, at), header, payload, jpeg.subarray(at)]);
}

/**
 * Mark an image a model made: XMP digital source type, then a signed C2PA manifest whose data hash covers every
 * byte (the XMP included). `madeBy`: 'generative' (trainedAlgorithmicMedia) or 'engine', the Fitly engine's
 * composite (compositeWithTrainedAlgorithmicMedia). Returns new bytes; the input is not changed.
 */
export async function markAsAiGenerated(
  bytes: Buffer,
  contentType: string,
  madeBy: MadeBy = 'generative',
): Promise<Buffer> {
  if (contentType !== 'image/jpeg' || !JPEG.canRead(bytes))
    throw new Error(`Cannot mark ${contentType} as AI-generated: only JPEG results are supported`);
  const creds = await loadCredentials();
  const signer = new LocalSigner(creds.privateKey, CoseAlgorithmIdentifier.ES256, creds.certificate, creds.chain);
  const asset = new JPEG(new Uint8Array(insertJpegXmp(bytes, aiXmpPacket(madeBy))));
  const store = new ManifestStore();
  const manifest = store.createManifest({
    assetFormat: 'image/jpeg',
    instanceID: `xmp:iid:${webcrypto.randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  manifest.claim!.claimGeneratorName = AI_GENERATOR_NAME;
  const actions = new ActionAssertion();
  actions.actions = [
    {
      action: ActionType.C2paCreated,
      digitalSourceType:
        madeBy === 'engine'
          ? DigitalSourceType.CompositeWithTrainedAlgorithmicMedia
          : DigitalSourceType.TrainedAlgorithmicMedia,
      softwareAgent: { name: AI_SOFTWARE_AGENT },
    },
  ];
  manifest.addAssertion(actions);
  const dataHash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(dataHash);
  await asset.ensureManifestSpace(store.measureSize());
  await dataHash.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}

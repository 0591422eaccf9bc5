/** Read a C2PA manifest back and validate it with the library's own reader and validator (not our writer). */
import { JPEG } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { ActionAssertion, ManifestStore } from '@trustnxt/c2pa-ts/manifest';

export async function readProvenance(bytes: Buffer) {
  const asset = new JPEG(new Uint8Array(bytes));
  const jumbf = asset.getManifestJUMBF();
  if (!jumbf) return null;
  const store = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf)));
  const validation = await store.validate(asset);
  const manifest = store.getActiveManifest()!;
  const actions = manifest
    .assertions!.assertions.filter((a): a is ActionAssertion => a instanceof ActionAssertion)
    .flatMap((a) => a.actions);
  return { validation, manifest, actions };
}

import { useEffect, useState } from 'react';
import { loadPreviewEngine, type LoadProgress, type PreviewEngine } from '../../../lib/engine/preview';

/** The engine of the preview in this browser: loading (with its progress), ready, or unavailable (and why). */
export type EngineState =
  | { status: 'loading'; progress: LoadProgress | null }
  | { status: 'ready'; engine: PreviewEngine }
  | { status: 'unavailable'; reason: string };

/** Load the engine once the dialog opens (its Web Worker and models; cached after the first time). */
export function useEngine(): EngineState {
  const [state, setState] = useState<EngineState>({ status: 'loading', progress: null });
  useEffect(() => {
    let live = true;
    loadPreviewEngine((progress) => live && setState({ status: 'loading', progress }))
      .then((engine) => live && setState({ status: 'ready', engine }))
      .catch(
        (err: unknown) =>
          live && setState({ status: 'unavailable', reason: err instanceof Error ? err.message : String(err) }),
      );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

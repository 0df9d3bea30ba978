import type { AppealFeature, ManualInputs } from '@zview/contracts';
import { useMemo, useState } from 'react';
import { inputProblem, modifiedFeatures, parseControlValue } from '../../model';

/**
 * What the user typed for each feature (as text), the manual inputs that makes (valid values only),
 * the features it changes, whether any value is invalid, and the reason.
 */
export function useAppealInputs(features: AppealFeature[]) {
  const [raw, setRaw] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const inputs = useMemo(() => {
    const out: ManualInputs = {};
    for (const feature of features) {
      const value = parseControlValue(feature, raw[feature.key] ?? '');
      if (value !== undefined && inputProblem(feature, value, raw[feature.key] ?? '') === null)
        out[feature.key] = value;
    }
    return out;
  }, [features, raw]);
  const invalid = features.some(
    (f) => inputProblem(f, parseControlValue(f, raw[f.key] ?? ''), raw[f.key] ?? '') !== null,
  );
  return { raw, setRaw, reason, setReason, inputs, changed: modifiedFeatures(features, inputs), invalid };
}

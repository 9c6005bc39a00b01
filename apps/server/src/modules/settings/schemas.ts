import { Type } from 'typebox';
import { FEATURES } from './features';

export const FeatureFlagSchema = Type.Object(
  {
    feature: Type.Union(FEATURES.map((f) => Type.Literal(f))),
    isEnabled: Type.Boolean(),
  },
  { $id: 'FeatureFlag' },
);

export const SettingSchema = Type.Object({ key: Type.String(), value: Type.String() }, { $id: 'Setting' });

// The public face of this module: other code imports only this file (docs/architecture.md, decisions 110 and 130).
export { FEATURES, type Feature } from './features';
export { bumpCounterSetting, listFeatures, setFeature, settingsVersion, settingValue } from './repository';

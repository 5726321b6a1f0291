/** screenOf lives in src/common/screens.ts (the console's access explainer uses it too). */
export { screenOf } from '../../../src/common/screens.ts';

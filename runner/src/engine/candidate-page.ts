// IN THE PAGE (bundled by confirm.ts with esbuild): what a candidate element is, described with the recorder
// extension's own code, so a heal proposes the selectors and fingerprint the recorder would write today.
import { accessibleName, fingerprintFor, roleOf, selectorsFor } from '../../../extension/src/selectors.ts';

export function describeCandidate(el: Element) {
  const fingerprint = fingerprintFor(el);
  const role = roleOf(el);
  const name = accessibleName(el).slice(0, 200);
  return {
    tag: el.localName,
    ...(role && { role }),
    ...(name && { name }),
    ...(fingerprint.text && { text: fingerprint.text }),
    ...(fingerprint.row && { row: fingerprint.row }),
    selectors: selectorsFor(el),
    fingerprint,
  };
}

/** The documentation's back-channel compose example (the yaml block that sets BACKCHANNEL_URL), as written. */
import { readFileSync } from 'node:fs';

export function readmeComposeExample(): string {
  const readme = readFileSync(
    new URL('../../../docs/named-simulators.md', import.meta.url),
    'utf8',
  );
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)]
    .map((m) => m[1] as string)
    .find((b) => b.includes('BACKCHANNEL_URL'));
  if (!block)
    throw new Error('docs/named-simulators.md has no compose example with BACKCHANNEL_URL');
  return block;
}

// How the engine's tests launch Debian's Chromium (never a downloaded browser).
export const LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--host-resolver-rules=MAP *.kollega.test 127.0.0.1',
  ],
};

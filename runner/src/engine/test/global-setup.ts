// Starts one Chromium browser server for every engine test file (they connect to it over its WebSocket).
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { LAUNCH_OPTIONS } from './launch.ts';

export default async function setup(project: TestProject) {
  const server = await chromium.launchServer(LAUNCH_OPTIONS);
  project.provide('engineBrowserWs', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}

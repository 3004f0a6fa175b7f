import { describe, expect, it } from 'vitest';
import { availableActions, defaultRetryStep } from './model';

describe('availableActions', () => {
  it('pauses and stops a running run, resumes and stops a paused one, stops a pending one, retries a failed one', () => {
    expect(availableActions({ status: 'running', requiresManualIntervention: false })).toEqual(['pause', 'stop']);
    expect(availableActions({ status: 'paused', requiresManualIntervention: false })).toEqual(['resume', 'stop']);
    expect(availableActions({ status: 'pending', requiresManualIntervention: false })).toEqual(['stop']);
    expect(availableActions({ status: 'failed', requiresManualIntervention: false })).toEqual(['retry']);
  });

  it('offers nothing for a completed run or one a decision stopped, and no resume for a run waiting for a person', () => {
    expect(availableActions({ status: 'completed', requiresManualIntervention: false })).toEqual([]);
    expect(availableActions({ status: 'stopped', requiresManualIntervention: false })).toEqual([]);
    expect(availableActions({ status: 'paused', requiresManualIntervention: true })).toEqual(['stop']);
  });
});

describe('availableActions of a run in a person\'s browser', () => {
  it('continues a paused or waiting one in a browser instead of resuming it, and otherwise acts as on the servers', () => {
    const attended = { mode: 'attended' as const, requiresManualIntervention: false };
    expect(availableActions({ ...attended, status: 'paused' })).toEqual(['continue_attended', 'stop']);
    expect(availableActions({ ...attended, status: 'pending' })).toEqual(['continue_attended', 'stop']);
    expect(availableActions({ ...attended, status: 'running' })).toEqual(['pause', 'stop']);
    expect(availableActions({ ...attended, status: 'failed' })).toEqual(['retry']);
    // A decision a person owes continues it in the tab it holds: no browser to pick.
    expect(availableActions({ ...attended, status: 'paused', requiresManualIntervention: true })).toEqual(['stop']);
    expect(availableActions({ mode: 'unattended', status: 'paused', requiresManualIntervention: false })).toEqual(['resume', 'stop']);
  });
});

describe('defaultRetryStep', () => {
  it('is the failed step, else the current one, else the first, within the run', () => {
    expect(defaultRetryStep({ failedStep: 3, currentStep: 1, stepCount: 6 })).toBe(3);
    expect(defaultRetryStep({ failedStep: null, currentStep: 2, stepCount: 6 })).toBe(2);
    expect(defaultRetryStep({ failedStep: null, currentStep: null, stepCount: 6 })).toBe(0);
    expect(defaultRetryStep({ failedStep: 9, currentStep: null, stepCount: 4 })).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { states } from './locations';
import { portingInState } from './telecom-circles';

describe('portingInState', () => {
  it('puts every state and union territory the store lists in one of the 22 circles', () => {
    const circles = new Set(states.map((state) => portingInState(state.name).circle));
    // Mumbai and Kolkata are circles of their own but no state's; UP has two.
    expect([...circles].sort()).toEqual(
      [
        'Andhra Pradesh',
        'Assam',
        'Bihar',
        'Delhi',
        'Gujarat',
        'Haryana',
        'Himachal Pradesh',
        'Jammu & Kashmir',
        'Karnataka',
        'Kerala',
        'Madhya Pradesh',
        'Maharashtra',
        'North East',
        'Odisha',
        'Punjab',
        'Rajasthan',
        'Tamil Nadu',
        'UP East and UP West',
        'UP West',
        'West Bengal',
      ].map((name) => `the ${name} telecom circle${name.includes(' and ') ? 's' : ''}`),
    );
  });

  it('names a shared circle and what else it covers', () => {
    expect(portingInState('Telangana')).toMatchObject({
      circle: 'the Andhra Pradesh telecom circle',
    });
    expect(portingInState('Maharashtra').circleNote).toMatch(/Mumbai circle of their own/);
    expect(portingInState('Uttar Pradesh').circle).toBe('the UP East and UP West telecom circles');
  });

  it('gives the slower activation and the 30-day porting code in J&K, Assam and the North-East', () => {
    expect(portingInState('Assam')).toMatchObject({
      activation: 'up to 15 days',
      upcValidityDays: 30,
    });
    expect(portingInState('Karnataka')).toMatchObject({
      activation: '3 to 5 working days',
      upcValidityDays: 4,
    });
  });
});

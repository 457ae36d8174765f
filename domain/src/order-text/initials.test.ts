import { describe, expect, it } from 'vitest';
import { customersByInitials, looksLikeInitials } from './initials';

describe('customers by their initials', () => {
  it('takes compounds apart: Straßenbau Holstein is SBH, Bremer Bauunion BBU, Baustoffhandel Meier BSHM', () => {
    const byInitials = customersByInitials(['Straßenbau Holstein GmbH', 'Bremer Bauunion eG', 'Baustoffhandel Meier KG', 'Hansa Transportbeton GmbH & Co. KG']);
    expect(byInitials.get('sbh')).toBe(0);
    expect(byInitials.get('bbu')).toBe(1);
    expect(byInitials.get('bshm')).toBe(2);
    expect(byInitials.get('htb')).toBe(3);
  });

  it('names no customer by initials two of them share, nor by two letters', () => {
    const byInitials = customersByInitials(['Berliner Betonwerke GmbH', 'Bremer Betonwerke GmbH', 'Elbe Bau AG']);
    expect(byInitials.has('bbw')).toBe(false);
    expect(byInitials.has('eb')).toBe(false);
  });

  it('reads only capitals as initials', () => {
    expect(looksLikeInitials('SBH')).toBe(true);
    expect(looksLikeInitials('oft')).toBe(false);
    expect(looksLikeInitials('AB')).toBe(false);
  });
});

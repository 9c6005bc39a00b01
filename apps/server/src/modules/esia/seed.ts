import type { StandinCitizen } from '@perenos/esia-standin';
import type { Database } from '../../db/client';
import { snilsHash } from '../../lib/snils';
import { syncEsiaNumbers } from '../account';
import type { EsiaDocument } from './adapter';
import { upsertUser } from './repository';
import { buildProfile, sealPassport } from './service';

/**
 * Stores a test citizen of the ESIA stand-in as if they had signed in at `signedInAt`: the user with
 * their profile and sealed passport, and their ESIA numbers in the account. The porting demo starts here.
 */
export async function signInDemoCitizen(db: Database, citizen: StandinCitizen, sealKey: Buffer, signedInAt: Date) {
  const [d, m, y] = citizen.birthDate.split('.');
  const passport: EsiaDocument = {
    type: 'RF_PASSPORT',
    series: citizen.passport.series,
    number: citizen.passport.number,
    verified: true,
  };
  const profile = buildProfile(
    {
      lastName: citizen.lastName,
      firstName: citizen.firstName,
      middleName: citizen.middleName,
      birthDate: `${d}.${m}.${y}`,
      snils: citizen.snils,
    },
    citizen.contacts,
    [passport],
  );
  const snils = snilsHash(sealKey, citizen.snils);
  if (snils) profile.snilsHash = snils;
  const name = `${citizen.lastName} ${citizen.firstName} ${citizen.middleName}`;
  const user = await upsertUser(db, citizen.oid, name, profile, sealPassport(sealKey, [passport]), signedInAt);
  await syncEsiaNumbers(db, user.id, profile.mobiles, signedInAt);
  return { userId: user.id, mobiles: profile.mobiles, email: profile.email };
}

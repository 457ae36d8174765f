import type { OrderTextCatalogue, OrderTextCustomer, OrderTextLoadingPoint, OrderTextMaterial, OrderTextPlant } from '../types';

/**
 * A large, plausible catalogue for the parser's benchmark and fuzz test (issue: 500 materials, 2,000
 * customers, 300 plants), and phone notes against it. Deterministic: the same seed gives the same
 * catalogue and sentences.
 */

/** mulberry32: a small seeded PRNG, 0 ≤ n < 1. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Picker {
  random: () => number;
  pick<T>(list: readonly T[]): T;
  int(from: number, to: number): number;
  chance(p: number): boolean;
}

export function picker(seed: number): Picker {
  const random = seededRandom(seed);
  return {
    random,
    pick: (list) => list[Math.floor(random() * list.length)]!,
    int: (from, to) => from + Math.floor(random() * (to - from + 1)),
    chance: (p) => random() < p,
  };
}

const CITIES = [
  'Hamburg', 'Kiel', 'Lübeck', 'Bremen', 'Rostock', 'Berlin', 'Hannover', 'Schwerin', 'Neumünster', 'Flensburg',
  'Itzehoe', 'Elmshorn', 'Pinneberg', 'Norderstedt', 'Bad Segeberg', 'Kaltenkirchen', 'Lägerdorf', 'Rüdersdorf', 'Moorburg', 'Schwarzenbek',
  'Geesthacht', 'Lüneburg', 'Buxtehude', 'Stade', 'Cuxhaven', 'Bremerhaven', 'Oldenburg', 'Wilhelmshaven', 'Emden', 'Leer',
  'Osnabrück', 'Münster', 'Bielefeld', 'Paderborn', 'Minden', 'Celle', 'Uelzen', 'Wolfsburg', 'Braunschweig', 'Salzgitter',
  'Hildesheim', 'Göttingen', 'Kassel', 'Magdeburg', 'Stendal', 'Wittenberge', 'Perleberg', 'Neuruppin', 'Oranienburg', 'Eberswalde',
  'Frankfurt (Oder)', 'Cottbus', 'Potsdam', 'Brandenburg', 'Rathenow', 'Wismar', 'Güstrow', 'Neubrandenburg', 'Stralsund', 'Greifswald',
  'Anklam', 'Pasewalk', 'Prenzlau', 'Schwedt', 'Bernau', 'Strausberg', 'Fürstenwalde', 'Königs Wusterhausen', 'Ludwigsfelde', 'Teltow',
  'Husum', 'Heide', 'Rendsburg', 'Eckernförde', 'Schleswig', 'Plön', 'Eutin', 'Oldenburg in Holstein', 'Ratzeburg', 'Mölln',
  'Bad Oldesloe', 'Ahrensburg', 'Reinbek', 'Bergedorf', 'Harburg', 'Wedel', 'Quickborn', 'Henstedt-Ulzburg', 'Bad Bramstedt', 'Wahlstedt',
  'Tornesch', 'Uetersen', 'Glückstadt', 'Brunsbüttel', 'Meldorf', 'Brake', 'Nordenham', 'Varel', 'Jever', 'Aurich',
  'Papenburg', 'Meppen', 'Lingen', 'Nordhorn', 'Rheine', 'Vechta', 'Cloppenburg', 'Diepholz', 'Nienburg', 'Verden',
  'Rotenburg', 'Soltau', 'Walsrode', 'Gifhorn', 'Peine', 'Wolfenbüttel', 'Goslar', 'Halberstadt', 'Wernigerode', 'Quedlinburg',
  'Dessau', 'Bitterfeld', 'Halle', 'Leipzig', 'Torgau', 'Riesa', 'Meißen', 'Dresden', 'Pirna', 'Bautzen',
  'Görlitz', 'Hoyerswerda', 'Senftenberg', 'Finsterwalde', 'Herzberg', 'Jüterbog', 'Luckenwalde', 'Zossen', 'Beelitz', 'Werder',
  'Nauen', 'Falkensee', 'Hennigsdorf', 'Velten', 'Zehdenick', 'Templin', 'Angermünde', 'Seelow', 'Müncheberg', 'Beeskow',
];
const DISTRICTS = ['Nord', 'Süd', 'Ost', 'West', 'Hafen', 'Mitte', 'Billbrook', 'Spandau', 'Altona', 'Wilhelmsburg'];

const LOADING_KINDS = ['Kieswerk', 'Sandgrube', 'Zementwerk', 'Steinbruch', 'Terminal', 'Kiesgrube', 'Schotterwerk'];
const DELIVERY_KINDS = ['Betonwerk', 'Transportbetonwerk', 'Fertigteilwerk', 'Mörtelwerk', 'Asphaltwerk'];
const BOTH_KINDS = ['Mischwerk', 'Recyclinghof', 'Baustofflager'];
const POINT_NAMES = ['Silo 1', 'Silo 2', 'Silo 3', 'Silo A', 'Silo B', 'Halde Nord', 'Halde Süd', 'Halde Ost', 'Halde West', 'Verladestation 1', 'Verladestation 2', 'Grube Ost', 'Schiffsentladung', 'Bandanlage'];

const GRAINED: [base: string, category: string, grains: string[]][] = [
  ['Kies', 'Kies', ['0/2', '0/4', '0/8', '0/16', '0/32', '2/8', '4/8', '8/16', '16/32', '32/63']],
  ['Rundkies', 'Kies', ['2/8', '8/16', '16/32', '32/63']],
  ['Sand', 'Sand', ['0/1', '0/2', '0/4', '0/8']],
  ['Brechsand', 'Sand', ['0/2', '0/4', '0/5']],
  ['Splitt', 'Splitt', ['2/5', '5/8', '8/11', '11/16', '16/22']],
  ['Edelsplitt', 'Splitt', ['2/5', '5/8', '8/11', '11/16']],
  ['Basaltsplitt', 'Splitt', ['2/5', '5/8', '8/11', '11/16']],
  ['Granitsplitt', 'Splitt', ['2/5', '5/8', '8/11', '16/22']],
  ['Schotter', 'Schotter', ['16/32', '32/56', '45/56', '56/80']],
  ['Gleisschotter', 'Schotter', ['22/63', '31,5/63']],
  ['Kalkschotter', 'Schotter', ['16/32', '32/56']],
  ['Recycling-Schotter', 'Recycling', ['0/32', '0/45', '0/56']],
  ['Mineralgemisch', 'Kies', ['0/32', '0/45', '0/56']],
  ['Frostschutzkies', 'Kies', ['0/32', '0/45', '0/56']],
  ['Schottertragschicht', 'Schotter', ['0/32', '0/45']],
  ['RC-Material', 'Recycling', ['0/32', '0/45', '0/56']],
];
const ORIGINS = ['', 'gewaschen', 'Elbe', 'Weser', 'Nord', 'Süd', 'Rhein', 'Ostsee', 'Heide', 'Havel', 'Oder', 'Harz', 'Lausitz', 'Altmark', 'Geest', 'Marsch', 'Fläming', 'Uckermark', 'Prignitz', 'Holstein'];
const CEMENTS = [
  'CEM I 32,5 R', 'CEM I 42,5 N', 'CEM I 42,5 R', 'CEM I 52,5 N', 'CEM I 52,5 R', 'CEM II/A-LL 32,5 R', 'CEM II/A-LL 42,5 N', 'CEM II/A-S 42,5 N',
  'CEM II/B-S 42,5 N', 'CEM II/A-M 42,5 N', 'CEM II/B-M 32,5 R', 'CEM III/A 32,5 N', 'CEM III/A 42,5 N', 'CEM III/B 42,5 N', 'CEM III/A 52,5 N',
];
const ADDITIVES = ['Flugasche', 'Hüttensand', 'Kalksteinmehl', 'Trass', 'Microsilica', 'Quarzmehl', 'Gips', 'Branntkalk', 'Kalkhydrat', 'Bentonit'];

const SURNAMES = [
  'Petersen', 'Schulz', 'Meier', 'Krüger', 'Hansen', 'Brandt', 'Wolff', 'Lange', 'Schröder', 'Lorenz', 'Jensen', 'Thiessen', 'Hartmann', 'Stoltenberg',
  'Rathje', 'Carstens', 'Lüdemann', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer', 'Koch', 'Bauer',
  'Richter', 'Klein', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Hofmann', 'Hartwig', 'Schmitt', 'Werner', 'Krause', 'Meyer', 'Lehmann', 'Köhler',
  'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller', 'Weiß', 'Jung', 'Hahn', 'Schubert', 'Vogel',
  'Friedrich', 'Keller', 'Günther', 'Frank', 'Berger', 'Winkler', 'Roth', 'Beck', 'Lorenzen', 'Baumann', 'Franke', 'Albrecht', 'Schuster', 'Simon',
  'Ludwig', 'Böhm', 'Winter', 'Kraus', 'Martin', 'Schumacher', 'Krämer', 'Vogt', 'Stein', 'Jäger', 'Otto', 'Sommer', 'Groß', 'Seidel', 'Heinrich',
];
const FIRST_NAMES = ['Jan', 'Maria', 'Thomas', 'Sabine', 'Lars', 'Dirk', 'Anna', 'Peter', 'Klaus', 'Eva', 'Ole', 'Ines', 'Rainer', 'Heike', 'Sven', 'Birte', 'Frank', 'Julia'];
const TRADES = [
  'Tiefbau', 'Hochbau', 'Straßenbau', 'Bau', 'Transportbeton', 'Betonwerke', 'Baustoffhandel', 'Fertigteile', 'Bauunternehmung', 'Erdbau',
  'Pflasterbau', 'Kanalbau', 'Abbruch', 'Recycling', 'Wohnbau', 'Gleisbau', 'Spezialtiefbau', 'Brückenbau', 'Ingenieurbau', 'Garten- und Landschaftsbau',
];
const LEGAL = ['GmbH', 'GmbH & Co. KG', 'KG', 'AG', 'eG', 'e.K.', 'OHG', 'UG'];
const STEMS = ['Nord', 'Süd', 'Ost', 'West', 'Hansa', 'Elbe', 'Ostsee', 'Nordsee', 'Weser', 'Havel', 'Spree', 'Alster', 'Förde', 'Küste', 'Marsch', 'Geest'];

/** 500 materials, 2,000 customers and 300 plants (with their loading points), from `seed`. */
export function largeCatalogue(seed = 42, sizes = { materials: 500, customers: 2000, plants: 300 }): OrderTextCatalogue {
  const p = picker(seed);

  const materials: OrderTextMaterial[] = [];
  const materialNames = new Set<string>();
  const addMaterial = (name: string, category: string, m3: boolean) => {
    if (materialNames.has(name) || materials.length >= sizes.materials) return;
    materialNames.add(name);
    const n = materials.length + 1;
    materials.push({
      id: `m-${n}`,
      name,
      category,
      materialCode: `M-${String(n).padStart(4, '0')}`,
      standardLoadSize: m3 ? p.pick([16, 18]) : p.pick([25, 26, 27, 27, 27]),
      unit: m3 ? 'm3' : 'to',
    });
  };
  for (const cement of CEMENTS) addMaterial(cement, 'Zement', false);
  for (const additive of ADDITIVES) addMaterial(additive, 'Zusatzstoff', false);
  for (const origin of ORIGINS) {
    for (const [base, category, grains] of GRAINED) {
      for (const grain of grains) addMaterial(origin ? `${base} ${grain} ${origin}` : `${base} ${grain}`, category, base === 'Frostschutzkies');
    }
  }

  const customers: OrderTextCustomer[] = [];
  const customerNames = new Set<string>();
  while (customers.length < sizes.customers) {
    const surname = p.pick(SURNAMES);
    const trade = p.pick(TRADES);
    const legal = p.pick(LEGAL);
    const city = p.pick(CITIES);
    const shape = p.int(0, 4);
    const company =
      shape === 0
        ? `${surname} ${trade} ${legal}`
        : shape === 1
          ? `${trade} ${surname} ${legal}`
          : shape === 2
            ? `${p.pick(STEMS)}${p.chance(0.5) ? trade.toLowerCase() : ` ${trade}`} ${legal}`
            : shape === 3
              ? `${trade} ${city} ${legal}`
              : `${surname} & ${p.pick(SURNAMES)} ${trade} ${legal}`;
    if (customerNames.has(company)) continue;
    customerNames.add(company);
    customers.push({ id: `c-${customers.length + 1}`, company, contactPerson: `${p.pick(FIRST_NAMES)} ${p.pick(SURNAMES)}` });
  }

  const plants: OrderTextPlant[] = [];
  const loadingPoints: OrderTextLoadingPoint[] = [];
  const plantNames = new Set<string>();
  while (plants.length < sizes.plants) {
    const role = p.pick(['loading', 'loading', 'delivery', 'delivery', 'delivery', 'both'] as const);
    const kind = p.pick(role === 'loading' ? LOADING_KINDS : role === 'delivery' ? DELIVERY_KINDS : BOTH_KINDS);
    const city = p.pick(CITIES);
    const name = p.chance(0.15) ? `${kind} ${city}-${p.pick(DISTRICTS)}` : `${kind} ${city}`;
    if (plantNames.has(name)) continue;
    plantNames.add(name);
    const id = `p-${plants.length + 1}`;
    plants.push({ id, name, city, plantRole: role, plantType: role === 'delivery' ? 'delivery_plant' : kind === 'Zementwerk' ? 'zementwerk' : 'kieswerk' });
    if (role !== 'delivery') {
      const points = new Set<string>();
      const count = p.int(1, 3);
      while (points.size < count) points.add(p.pick(POINT_NAMES));
      for (const point of points) loadingPoints.push({ id: `lp-${loadingPoints.length + 1}`, name: point, plantId: id });
    }
  }

  return { plants, loadingPoints, materials, customers };
}

const DAYS = ['heute', 'morgen', 'übermorgen', 'Mo', 'Di.', 'Mittwoch', 'Donnerstag', 'Fr', 'nächsten Dienstag', '24.11.', 'am 3.12.', 'Montag nächste Woche', 'in 3 Tagen'];
const TIMES = ['7 Uhr', 'um 6:30', '7 und 9 Uhr', 'zwischen 8 und 10 Uhr', '6, 8 und 10 Uhr', 'halb acht', 'gegen 14 Uhr', '8-10 Uhr', 'viertel nach sieben', 'um 9'];
const AMOUNTS = ['27 t', '25 Tonnen', '26,5 t', '2 LKW', 'drei Ladungen', '3 x 25 t', '18 m³', 'je 2 LKW', '54 t in 2 LKW', ''];
const OPENINGS = ['', 'Moin, ', 'Hallo, ', 'Tach, hier ist ', 'Guten Morgen, ', 'Kunde: ', 'für '];
const CLOSINGS = ['', ', dringend', ', wichtig', ', Fahrer bitte vorher anrufen', ', Zufahrt über Tor 3', ', eilt', ', nicht eilig', '. Danke!'];
const NO_ORDERS = ['Hallo, wie geht es?', 'Bitte morgen zurückrufen', 'Wo bleibt der LKW?', 'Danke für die Lieferung gestern', 'Fahrer steht im Stau', 'Ok, passt so.'];

/** A slip of the fingers: two neighbouring letters swapped, or one left out. */
function typo(word: string, p: Picker): string {
  if (word.length < 6) return word;
  const i = p.int(1, word.length - 3);
  return p.chance(0.5) ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word.slice(0, i) + word.slice(i + 1);
}

/** A short form of a name as callers say it: its most telling word, sometimes with a typo. */
function spoken(name: string, p: Picker): string {
  const words = name.split(' ').filter((w) => !['GmbH', '&', 'Co.', 'KG', 'AG', 'eG', 'e.K.', 'OHG', 'UG'].includes(w));
  const said = p.chance(0.5) ? words.join(' ') : (words.slice().sort((a, b) => b.length - a.length)[0] ?? name);
  return p.chance(0.1) ? said.split(' ').map((w) => typo(w, p)).join(' ') : said;
}

/** A generated note and the names it was made from (null: not said, or no order). */
export interface BenchSentence {
  text: string;
  material: string | null;
  deliveryPlant: string | null;
}

/** `count` varied phone notes against `catalogue` (about one in twenty no order). */
export function benchSentences(catalogue: OrderTextCatalogue, count: number, seed = 7): BenchSentence[] {
  const p = picker(seed);
  const loading = catalogue.plants.filter((plant) => plant.plantRole !== 'delivery');
  const delivery = catalogue.plants.filter((plant) => plant.plantRole !== 'loading');
  const sentences: BenchSentence[] = [];
  while (sentences.length < count) {
    if (p.chance(0.05)) {
      sentences.push({ text: p.pick(NO_ORDERS), material: null, deliveryPlant: null });
      continue;
    }
    const material = p.pick(catalogue.materials).name;
    const customer = spoken(p.pick(catalogue.customers).company, p);
    const from = p.pick(loading);
    const points = catalogue.loadingPoints.filter((lp) => lp.plantId === from.id);
    const point = points.length > 0 && p.chance(0.6) ? ` ${p.pick(points).name}` : '';
    const to = p.pick(delivery);
    const toSaid = p.chance(0.9);
    // Notes leave parts out: the customer, the departure, the time are often not said.
    const parts = [
      p.chance(0.7) ? `${p.pick(OPENINGS)}${customer}` : '',
      `${p.chance(0.7) ? p.pick(AMOUNTS) : ''} ${material}`.trim(),
      p.chance(0.8) ? `${p.pick(['von', 'aus', 'ab', ''])} ${spoken(from.name, p)}${point}`.trim() : '',
      toSaid ? `${p.pick(['nach', 'zum', 'an', '→'])} ${to.name}` : '',
      `${p.chance(0.9) ? p.pick(DAYS) : ''} ${p.chance(0.8) ? p.pick(TIMES) : ''}`.trim(),
    ].filter((part) => part !== '');
    // Callers name the parts in any order.
    for (let i = parts.length - 1; i > 0; i--) {
      const j = p.int(0, i);
      [parts[i], parts[j]] = [parts[j]!, parts[i]!];
    }
    const text = `${parts.join(p.chance(0.5) ? ', ' : ' ')}${p.chance(0.4) ? p.pick(CLOSINGS) : ''}`;
    sentences.push({ text, material, deliveryPlant: toSaid ? to.name : null });
  }
  return sentences;
}

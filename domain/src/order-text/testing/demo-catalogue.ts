import type { OrderTextCatalogue } from '../types';

/**
 * The demo catalogue of shared/demo/catalog.json, names word for word, with readable ids, for the
 * parser's tests (domain tests read no files).
 */
export const demoCatalogue: OrderTextCatalogue = {
  plants: [
    { id: 'plant-zementwerk-laegerdorf', name: 'Zementwerk Lägerdorf', city: 'Lägerdorf', plantRole: 'loading', plantType: 'zementwerk' },
    { id: 'plant-zementwerk-ruedersdorf', name: 'Zementwerk Rüdersdorf', city: 'Rüdersdorf', plantRole: 'loading', plantType: 'zementwerk' },
    { id: 'plant-kieswerk-moorburg', name: 'Kieswerk Moorburg', city: 'Hamburg', plantRole: 'loading', plantType: 'kieswerk' },
    { id: 'plant-kieswerk-kaltenkirchen', name: 'Kieswerk Kaltenkirchen', city: 'Kaltenkirchen', plantRole: 'loading', plantType: 'kieswerk' },
    { id: 'plant-terminal-hamburg-hafen', name: 'Terminal Hamburg-Hafen', city: 'Hamburg', plantRole: 'loading', plantType: 'terminal' },
    { id: 'plant-sandgrube-schwarzenbek', name: 'Sandgrube Schwarzenbek', city: 'Schwarzenbek', plantRole: 'loading', plantType: 'sonstige' },
    { id: 'plant-mischwerk-neumuenster', name: 'Mischwerk Neumünster', city: 'Neumünster', plantRole: 'both', plantType: 'sonstige' },
    { id: 'plant-betonwerk-kiel', name: 'Betonwerk Kiel', city: 'Kiel', plantRole: 'delivery', plantType: 'delivery_plant' },
    { id: 'plant-betonwerk-luebeck', name: 'Betonwerk Lübeck', city: 'Lübeck', plantRole: 'delivery', plantType: 'delivery_plant' },
    { id: 'plant-betonwerk-hamburg-billbrook', name: 'Betonwerk Hamburg-Billbrook', city: 'Hamburg', plantRole: 'delivery', plantType: 'delivery_plant' },
    { id: 'plant-betonwerk-bremen', name: 'Betonwerk Bremen', city: 'Bremen', plantRole: 'delivery', plantType: 'delivery_plant' },
    { id: 'plant-fertigteilwerk-rostock', name: 'Fertigteilwerk Rostock', city: 'Rostock', plantRole: 'delivery', plantType: 'delivery_plant' },
    { id: 'plant-betonwerk-berlin-spandau', name: 'Betonwerk Berlin-Spandau', city: 'Berlin', plantRole: 'delivery', plantType: 'delivery_plant' },
  ],
  loadingPoints: [
    { id: 'lp-zementwerk-laegerdorf-silo-1', name: 'Silo 1', plantId: 'plant-zementwerk-laegerdorf' },
    { id: 'lp-zementwerk-laegerdorf-silo-2', name: 'Silo 2', plantId: 'plant-zementwerk-laegerdorf' },
    { id: 'lp-zementwerk-laegerdorf-silo-3', name: 'Silo 3', plantId: 'plant-zementwerk-laegerdorf' },
    { id: 'lp-zementwerk-ruedersdorf-silo-a', name: 'Silo A', plantId: 'plant-zementwerk-ruedersdorf' },
    { id: 'lp-zementwerk-ruedersdorf-silo-b', name: 'Silo B', plantId: 'plant-zementwerk-ruedersdorf' },
    { id: 'lp-kieswerk-moorburg-halde-nord', name: 'Halde Nord', plantId: 'plant-kieswerk-moorburg' },
    { id: 'lp-kieswerk-moorburg-halde-sued', name: 'Halde Süd', plantId: 'plant-kieswerk-moorburg' },
    { id: 'lp-kieswerk-kaltenkirchen-verladestation-1', name: 'Verladestation 1', plantId: 'plant-kieswerk-kaltenkirchen' },
    { id: 'lp-terminal-hamburg-hafen-schiffsentladung', name: 'Schiffsentladung', plantId: 'plant-terminal-hamburg-hafen' },
    { id: 'lp-sandgrube-schwarzenbek-grube-ost', name: 'Grube Ost', plantId: 'plant-sandgrube-schwarzenbek' },
  ],
  materials: [
    { id: 'material-cem-i-42-5-r', name: 'CEM I 42,5 R', category: 'Zement', materialCode: 'Z-1425R', standardLoadSize: 27, unit: 'to' },
    { id: 'material-cem-ii-a-ll-42-5-n', name: 'CEM II/A-LL 42,5 N', category: 'Zement', materialCode: 'Z-2A425N', standardLoadSize: 27, unit: 'to' },
    { id: 'material-cem-iii-a-42-5-n', name: 'CEM III/A 42,5 N', category: 'Zement', materialCode: 'Z-3A425N', standardLoadSize: 27, unit: 'to' },
    { id: 'material-kies-2-8', name: 'Kies 2/8', category: 'Kies', materialCode: 'K-0208', standardLoadSize: 27, unit: 'to' },
    { id: 'material-kies-8-16', name: 'Kies 8/16', category: 'Kies', materialCode: 'K-0816', standardLoadSize: 27, unit: 'to' },
    { id: 'material-kies-16-32', name: 'Kies 16/32', category: 'Kies', materialCode: 'K-1632', standardLoadSize: 27, unit: 'to' },
    { id: 'material-sand-0-2', name: 'Sand 0/2', category: 'Sand', materialCode: 'S-0002', standardLoadSize: 27, unit: 'to' },
    { id: 'material-sand-0-4', name: 'Sand 0/4', category: 'Sand', materialCode: 'S-0004', standardLoadSize: 27, unit: 'to' },
    { id: 'material-splitt-2-5', name: 'Splitt 2/5', category: 'Splitt', materialCode: 'SP-0205', standardLoadSize: 27, unit: 'to' },
    { id: 'material-schotter-32-56', name: 'Schotter 32/56', category: 'Schotter', materialCode: 'SCH-3256', standardLoadSize: 27, unit: 'to' },
    { id: 'material-flugasche', name: 'Flugasche', category: 'Zusatzstoff', materialCode: 'ZS-FA', standardLoadSize: 25, unit: 'to' },
    { id: 'material-huettensand', name: 'Hüttensand', category: 'Zusatzstoff', materialCode: 'ZS-HS', standardLoadSize: 27, unit: 'to' },
    { id: 'material-kalksteinmehl', name: 'Kalksteinmehl', category: 'Zusatzstoff', materialCode: 'ZS-KSM', standardLoadSize: 25, unit: 'to' },
    { id: 'material-frostschutzkies-0-32', name: 'Frostschutzkies 0/32', category: 'Kies', materialCode: 'K-FSS032', standardLoadSize: 16, unit: 'm3' },
    { id: 'material-recycling-schotter-0-45', name: 'Recycling-Schotter 0/45', category: 'Recycling', materialCode: 'RC-0045', standardLoadSize: 27, unit: 'to' },
  ],
  customers: [
    { id: 'customer-nordbeton-gmbh', company: 'Nordbeton GmbH', contactPerson: 'Jan Petersen' },
    { id: 'customer-hansa-transportbeton-gmbh-co-kg', company: 'Hansa Transportbeton GmbH & Co. KG', contactPerson: 'Maria Schulz' },
    { id: 'customer-baustoffhandel-meier-kg', company: 'Baustoffhandel Meier KG', contactPerson: 'Thomas Meier' },
    { id: 'customer-elbe-bau-ag', company: 'Elbe Bau AG', contactPerson: 'Sabine Krüger' },
    { id: 'customer-ostsee-fertigteile-gmbh', company: 'Ostsee Fertigteile GmbH', contactPerson: 'Lars Hansen' },
    { id: 'customer-strassenbau-holstein-gmbh', company: 'Straßenbau Holstein GmbH', contactPerson: 'Dirk Brandt' },
    { id: 'customer-berliner-betonwerke-gmbh', company: 'Berliner Betonwerke GmbH', contactPerson: 'Anna Wolff' },
    { id: 'customer-bremer-bauunion-eg', company: 'Bremer Bauunion eG', contactPerson: 'Peter Lange' },
    { id: 'customer-tiefbau-schroeder-gmbh', company: 'Tiefbau Schröder GmbH', contactPerson: 'Klaus Schröder' },
    { id: 'customer-wohnbau-luebeck-gmbh', company: 'Wohnbau Lübeck GmbH', contactPerson: 'Eva Lorenz' },
  ],
};

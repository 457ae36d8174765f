import { formatAddress } from '../plant/plant-details';

/** The plants of the demo catalogue (/work/shared/demo/catalog.json), as the read model lists them. */
const demo = [
  ['Zementwerk Lägerdorf', 'Lägerdorf', 'Am Zementwerk 1', '25566', 'zementwerk', 'loading'],
  ['Zementwerk Rüdersdorf', 'Rüdersdorf', 'Kalkberger Weg 5', '15562', 'zementwerk', 'loading'],
  ['Kieswerk Moorburg', 'Hamburg', 'Moorburger Elbdeich 80', '21079', 'kieswerk', 'loading'],
  ['Kieswerk Kaltenkirchen', 'Kaltenkirchen', 'Kisdorfer Weg 40', '24568', 'kieswerk', 'loading'],
  ['Terminal Hamburg-Hafen', 'Hamburg', 'Am Kaiserkai 12', '20457', 'terminal', 'loading'],
  ['Sandgrube Schwarzenbek', 'Schwarzenbek', 'Grabauer Straße 3', '21493', 'sonstige', 'loading'],
  ['Mischwerk Neumünster', 'Neumünster', 'Süderdorfkamp 17', '24536', 'sonstige', 'both'],
  ['Betonwerk Kiel', 'Kiel', 'Ostuferhafen 9', '24149', 'delivery_plant', 'delivery'],
  ['Betonwerk Lübeck', 'Lübeck', 'Schwartauer Allee 110', '23554', 'delivery_plant', 'delivery'],
  ['Betonwerk Hamburg-Billbrook', 'Hamburg', 'Billstraße 150', '20539', 'delivery_plant', 'delivery'],
  ['Betonwerk Bremen', 'Bremen', 'Hansator 4', '28217', 'delivery_plant', 'delivery'],
  ['Fertigteilwerk Rostock', 'Rostock', 'Am Seehafen 22', '18147', 'delivery_plant', 'delivery'],
  ['Betonwerk Berlin-Spandau', 'Berlin', 'Freiheit 14', '13597', 'delivery_plant', 'delivery'],
] as const;

export const demoPlants = demo.map(([name, city, street, postalCode, plantType, plantRole], index) => ({
  id: `p-${index + 1}`,
  name,
  city,
  address: formatAddress(street, postalCode, city),
  plantType,
  plantRole,
}));

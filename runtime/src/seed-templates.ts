import { templateCommands } from '@dispo/command-service/templates/template-commands';
import { DomainError } from '@dispo/domain/decider';
import type { TemplateInput } from '@dispo/domain/order-template/index';
import type { EventRegistry } from '@dispo/events/registry';
import type { EventStore } from '@dispo/events/store/port';
import type { DemoCatalog } from './demo-catalog';
import { demoId } from './seed';

/** The demo dispatcher's templates: two regular deliveries of the demo catalogue. */
const DEMO_TEMPLATES: { user: string; template: TemplateInput }[] = [
  {
    user: 'dispo',
    template: {
      name: 'Kiel – CEM I früh',
      templateData: {
        loadingPlant: { id: demoId('plant', 'Zementwerk Lägerdorf'), name: 'Zementwerk Lägerdorf' },
        deliveryPlant: { id: demoId('plant', 'Betonwerk Kiel'), name: 'Betonwerk Kiel' },
        loadingPointId: demoId('loading-point', 'Zementwerk Lägerdorf/Silo 1'),
        materials: [{ id: demoId('material', 'CEM I 42,5 R'), name: 'CEM I 42,5 R', quantity: 27, unit: 'to' }],
        deliveryTimeType: 'fixed',
        deliveryTimeFixed: '07:00',
        priority: 'normal',
        notes: 'Silozug, Anmeldung an der Waage',
      },
    },
  },
  {
    user: 'dispo',
    template: {
      name: 'Lübeck – Kies 8/16 vormittags',
      templateData: {
        loadingPlant: { id: demoId('plant', 'Kieswerk Moorburg'), name: 'Kieswerk Moorburg' },
        deliveryPlant: { id: demoId('plant', 'Betonwerk Lübeck'), name: 'Betonwerk Lübeck' },
        loadingPointId: demoId('loading-point', 'Kieswerk Moorburg/Halde Nord'),
        materials: [{ id: demoId('material', 'Kies 8/16'), name: 'Kies 8/16', quantity: 25, unit: 'to' }],
        deliveryTimeType: 'range',
        deliveryTimeFrom: '08:00',
        deliveryTimeTo: '12:00',
        priority: 'normal',
        notes: null,
      },
    },
  },
];

/** Users whose templates are switched on in their settings (the default of §3 is off). */
const TEMPLATE_USERS = ['dispo'];

/**
 * The demo business's personal templates and settings, written through the template commands.
 * Idempotent: a template id is taken once; settings are written only for a user who has none yet,
 * so a second run (or a user's own later change) is left as it is.
 */
export async function seedTemplates(ctx: { store: EventStore; registry: EventRegistry }, catalog: DemoCatalog): Promise<number> {
  const commands = templateCommands(ctx);
  const known = new Set(catalog.users.map((u) => u.username));
  const meta = (commandName: string) => ({ userId: null, commandName: `Seed:${commandName}` });
  let created = 0;
  for (const username of TEMPLATE_USERS.filter((u) => known.has(u))) {
    const userId = demoId('user', username);
    if (await commands.hasSettingsHistory(userId)) continue;
    await commands.saveSettings(userId, { enableOrderTemplates: true }, meta('SaveUserOrderSettings'));
    created++;
  }
  for (const { user, template } of DEMO_TEMPLATES.filter((t) => known.has(t.user))) {
    try {
      await commands.createTemplate(demoId('template', `${user}/${template.name}`), demoId('user', user), template, meta('CreateOrderTemplate'));
      created++;
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    }
  }
  return created;
}

/**
 * Plausible orders written straight into read.orders (the benchmarks measure queries, not the
 * projection): every loading point, delivery plant, material and customer of the demo, spread evenly
 * over the days from a first date. Parameters: $1 rows, $2 first delivery date, $3 days, $4 id prefix,
 * $5 rows written before (by earlier chunks of the same fill). Order numbers have the real shape
 * (S + YYMMDD + - + four digits: the day's count), unique in one fill of up to 10,000 orders a day.
 */
export const FILL_ORDERS = `
  WITH lp AS (SELECT row_number() OVER (ORDER BY l.id) - 1 AS i, l.id, l.name, l.plant_id, p.name AS plant_name, p.city AS plant_city
              FROM read.loading_points l JOIN read.plants p ON p.id = l.plant_id),
       dp AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, name, city FROM read.plants WHERE plant_role <> 'loading'),
       m AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, name, category FROM read.materials),
       c AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, id, company, contact_person, email FROM read.customers),
       u AS (SELECT id, first_name, last_name FROM read.users WHERE username = 'dispo'),
       n AS (SELECT (SELECT count(*) FROM lp) AS lp, (SELECT count(*) FROM dp) AS dp, (SELECT count(*) FROM m) AS m, (SELECT count(*) FROM c) AS c)
  INSERT INTO read.orders (id, order_number, plant_id, plant_name, plant_city, delivery_plant_id, delivery_plant_name, delivery_plant_city,
    loading_point_id, loading_point_name, material_id, material_name, material_category, customer_id, customer_company,
    customer_contact_person, customer_email, quantity, unit, weight_tons, delivery_date, delivery_time_type, delivery_time_fixed,
    priority, priority_rank, pump_available, crane_available, status, transport_type, created_by, creator_first_name, creator_last_name,
    created_at, updated_at, version)
  SELECT $4::text || g, 'S' || to_char(d, 'YYMMDD') || '-' || lpad(((g / $3::int) % 10000)::text, 4, '0'),
    lp.plant_id, lp.plant_name, lp.plant_city, dp.id, dp.name, dp.city, lp.id, lp.name, m.id, m.name, m.category,
    CASE WHEN g % 3 = 0 THEN NULL ELSE c.id END, CASE WHEN g % 3 = 0 THEN NULL ELSE c.company END,
    CASE WHEN g % 3 = 0 THEN NULL ELSE c.contact_person END, CASE WHEN g % 3 = 0 THEN NULL ELSE c.email END,
    20 + g % 8, 'to', 20 + g % 8, d, 'fixed', lpad((6 + g % 12)::text, 2, '0') || ':00',
    (ARRAY['low','normal','normal','high','urgent'])[1 + g % 5], (ARRAY[0,1,1,2,3])[1 + g % 5], g % 7 = 0, g % 11 = 0,
    (ARRAY['offen','offen','disponiert','unterwegs','geliefert','abgerechnet','problem'])[1 + g % 7], 'standard',
    u.id, u.first_name, u.last_name, now() - (g % 400) * interval '1 day', now(), 1
  FROM generate_series($5::int + 1, $5::int + $1::int) AS g
  CROSS JOIN n CROSS JOIN u
  CROSS JOIN LATERAL (SELECT ($2::date + (g % $3::int))::date AS d) AS dd
  JOIN lp ON lp.i = g % n.lp JOIN dp ON dp.i = (g / 7) % n.dp JOIN m ON m.i = (g / 3) % n.m JOIN c ON c.i = (g / 5) % n.c`;

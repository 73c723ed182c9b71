-- The EXPLAIN behind docs/decisions/067-delivery-once.md: does the fulfilment filter need shipping_kind on the line?
-- Run: psql "$DATABASE_URL" -f scripts/bench/delivery-once-explain.sql (works in a scratch schema it drops).
drop schema if exists delivery067 cascade;
create schema delivery067;
set search_path = delivery067;
create table checkouts (id uuid primary key, shipping_kind text);
create table orders (id uuid primary key, checkout_id uuid, created_at timestamptz not null, refund_status text, order_status text not null, payment_status boolean not null, shipped_quantity int not null, quantity int not null, shipping_kind text);
-- 200k lines, 1 per checkout; 90% paid and shipped in full; 3% will call.
insert into checkouts select md5(i::text)::uuid, case when i % 33 = 0 then 'pickup' else 'parcel' end from generate_series(1,200000) i;
insert into orders select md5(i::text)::uuid, md5(i::text)::uuid, now() - (i || ' minutes')::interval, null, 'Pending', i % 10 <> 0, case when i % 10 <> 0 then 2 else 0 end, 2, case when i % 33 = 0 then 'pickup' else 'parcel' end from generate_series(1,200000) i;
-- Today's index: the state including pickup, from the line's own shipping_kind.
create index full_idx on orders ((case when refund_status = 'refunded' then 'refunded' when order_status = 'Delivered' then 'delivered' when order_status in ('Cancelled','Expired') then 'cancelled' when not payment_status then 'awaiting_payment' when shipped_quantity = 0 then 'awaiting_shipment' when shipped_quantity < quantity then 'partly_shipped' when shipping_kind = 'pickup' then 'ready_for_pickup' else 'shipped' end), created_at desc, id desc);
-- Without shipping_kind on orders: the index can only say 'done' (shipped or ready for pickup).
create index coarse_idx on orders ((case when refund_status = 'refunded' then 'refunded' when order_status = 'Delivered' then 'delivered' when order_status in ('Cancelled','Expired') then 'cancelled' when not payment_status then 'awaiting_payment' when shipped_quantity = 0 then 'awaiting_shipment' when shipped_quantity < quantity then 'partly_shipped' else 'done' end), created_at desc, id desc);
analyze;
\echo '=== A: denormalised shipping_kind on orders, ready_for_pickup, first page'
explain (analyze, buffers, costs off, timing off) select o.id from orders o left join checkouts c on c.id = o.checkout_id where (case when refund_status = 'refunded' then 'refunded' when order_status = 'Delivered' then 'delivered' when order_status in ('Cancelled','Expired') then 'cancelled' when not payment_status then 'awaiting_payment' when shipped_quantity = 0 then 'awaiting_shipment' when shipped_quantity < quantity then 'partly_shipped' when o.shipping_kind = 'pickup' then 'ready_for_pickup' else 'shipped' end) = 'ready_for_pickup' order by o.created_at desc, o.id desc limit 51;
\echo '=== B: kind only on the checkout, ready_for_pickup, first page'
explain (analyze, buffers, costs off, timing off) select o.id from orders o left join checkouts c on c.id = o.checkout_id where (case when refund_status = 'refunded' then 'refunded' when order_status = 'Delivered' then 'delivered' when order_status in ('Cancelled','Expired') then 'cancelled' when not payment_status then 'awaiting_payment' when shipped_quantity = 0 then 'awaiting_shipment' when shipped_quantity < quantity then 'partly_shipped' else 'done' end) = 'done' and c.shipping_kind = 'pickup' order by o.created_at desc, o.id desc limit 51;
\echo '=== A count'
explain (analyze, buffers, costs off, timing off) select count(*) from orders o where (case when refund_status = 'refunded' then 'refunded' when order_status = 'Delivered' then 'delivered' when order_status in ('Cancelled','Expired') then 'cancelled' when not payment_status then 'awaiting_payment' when shipped_quantity = 0 then 'awaiting_shipment' when shipped_quantity < quantity then 'partly_shipped' when o.shipping_kind = 'pickup' then 'ready_for_pickup' else 'shipped' end) = 'ready_for_pickup';
\echo '=== B count'
explain (analyze, buffers, costs off, timing off) select count(*) from orders o join checkouts c on c.id = o.checkout_id where (case when refund_status = 'refunded' then 'refunded' when order_status = 'Delivered' then 'delivered' when order_status in ('Cancelled','Expired') then 'cancelled' when not payment_status then 'awaiting_payment' when shipped_quantity = 0 then 'awaiting_shipment' when shipped_quantity < quantity then 'partly_shipped' else 'done' end) = 'done' and c.shipping_kind = 'pickup';
drop schema delivery067 cascade;

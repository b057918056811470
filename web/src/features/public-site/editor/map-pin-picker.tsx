import { useState } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import { Paper, Text } from '@mantine/core';
import 'leaflet/dist/leaflet.css';

const pin = L.divIcon({
  className: '',
  html: '<svg width="36" height="48" viewBox="0 0 36 48" aria-hidden="true"><path d="M18 0C8 0 0 8 0 18c0 13 18 30 18 30s18-17 18-30C36 8 28 0 18 0z" fill="#1c3d5a"/><circle cx="18" cy="18" r="7" fill="#ffca64"/></svg>',
  iconSize: [36, 48],
  iconAnchor: [18, 48],
});

/** Pretoria: where a map without a pin opens (the map is of South Africa's churches first). */
const START: [number, number] = [-25.7479, 28.2293];
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function ClickToPlace({ onPick }: { onPick: (c: { lat: number; lng: number }) => void }) {
  useMapEvents({ click: (e) => onPick({ lat: round(e.latlng.lat), lng: round(e.latlng.lng) }) });
  return null;
}

/**
 * Where the church is: a click (or a drag of the pin) places it. Address
 * search needs an online service, so there is none; the coordinates can be
 * typed beside the map. Without map tiles the pin still works.
 */
export default function MapPinPicker({
  value,
  tileUrl,
  onChange,
}: {
  value: { lat: number; lng: number } | null;
  tileUrl: string;
  onChange: (c: { lat: number; lng: number }) => void;
}) {
  const [tilesFailed, setTilesFailed] = useState(!tileUrl);
  return (
    <div style={{ position: 'relative', height: 360 }} data-testid="map-pin-picker">
      <MapContainer center={value ? [value.lat, value.lng] : START} zoom={value ? 15 : 11} style={{ height: '100%', width: '100%' }}>
        {tileUrl && (
          <TileLayer
            url={tileUrl}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
        )}
        <ClickToPlace onPick={onChange} />
        {value && (
          <Marker
            position={[value.lat, value.lng]}
            icon={pin}
            title="The church's location: drag to move"
            alt="The church's location"
            draggable
            eventHandlers={{
              dragend: (e) => {
                const p = (e.target as L.Marker).getLatLng();
                onChange({ lat: round(p.lat), lng: round(p.lng) });
              },
            }}
          />
        )}
      </MapContainer>
      {tilesFailed && (
        <Paper pos="absolute" bottom={10} left={10} right={10} p={8} radius="md" shadow="sm" style={{ zIndex: 500 }}>
          <Text size="xs" c="dimmed">
            The map background could not load: type the coordinates instead (from a phone&apos;s map app: press and hold on the church).
          </Text>
        </Paper>
      )}
    </div>
  );
}

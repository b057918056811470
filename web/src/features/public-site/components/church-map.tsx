import { useState } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';
import { Paper, Text } from '@mantine/core';
import 'leaflet/dist/leaflet.css';

// A drawn pin: no marker image to fetch (bundlers break Leaflet's default icon URLs).
const pin = L.divIcon({
  className: '',
  html: '<svg width="36" height="48" viewBox="0 0 36 48" aria-hidden="true"><path d="M18 0C8 0 0 8 0 18c0 13 18 30 18 30s18-17 18-30C36 8 28 0 18 0z" fill="#1c3d5a"/><circle cx="18" cy="18" r="7" fill="#ffca64"/></svg>',
  iconSize: [36, 48],
  iconAnchor: [18, 48],
  popupAnchor: [0, -44],
});

interface Props {
  lat: number;
  lng: number;
  zoom: number;
  tileUrl: string;
  name: string;
  address: string;
}

/**
 * Spec 000 §2: a map centred on the church at zoom 15 with a marker and popup.
 * Tiles come from the configured server; when they cannot load the map still
 * works (marker, popup, zoom) and a note says so — the address sits beside it.
 */
export default function ChurchMap({ lat, lng, zoom, tileUrl, name, address }: Props) {
  const [tilesFailed, setTilesFailed] = useState(!tileUrl);
  return (
    <div style={{ position: 'relative', height: '100%' }}>
      <MapContainer
        center={[lat, lng]}
        zoom={zoom}
        scrollWheelZoom={false}
        style={{ height: '100%', width: '100%' }}
        attributionControl={!!tileUrl}
      >
        {tileUrl && (
          <TileLayer
            url={tileUrl}
            attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
            eventHandlers={{ tileerror: () => setTilesFailed(true) }}
          />
        )}
        <Marker position={[lat, lng]} icon={pin} title={name}>
          <Popup>
            <strong>{name}</strong>
            <br />
            {address}
          </Popup>
        </Marker>
      </MapContainer>
      {tilesFailed && (
        <Paper
          pos="absolute"
          bottom={10}
          left={10}
          right={10}
          p={8}
          radius="md"
          shadow="sm"
          style={{ zIndex: 500 }}
          data-testid="map-tiles-note"
        >
          <Text size="xs" c="dimmed">
            The map background could not load. {name} is at {address}.
          </Text>
        </Paper>
      )}
    </div>
  );
}

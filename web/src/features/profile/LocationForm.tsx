import type { ProfileUpdate } from '@amora/common';
import { geoRoutes } from '@amora/common/routes/geo';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { api } from '../../api/client';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { FormAlert, SubmitButton } from '../../shared/forms/form';
import { CountrySelect, RegionSelect } from '../../shared/forms/PlaceSelects';
import { useCountryName } from '../../shared/hooks/useCountryName';
import { currentPosition, useGeolocationPermission } from './geolocation';
import { type ProfilePartProps, useSaveProfile } from './useSaveProfile';

interface Place {
  country: string;
  region: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

type Locating = 'idle' | 'busy' | 'found' | 'failed';

/** The place as the profile stores it; coordinates only when they came from the device. */
function placeChange(place: Place): ProfileUpdate {
  return {
    country: place.country || null,
    region: place.region || null,
    city: place.city.trim() || null,
    ...(place.latitude !== null && { latitude: place.latitude, longitude: place.longitude }),
  };
}

/**
 * Place by the browser's position (nearest city, offline on the server) or by choosing it. The
 * browser's permission is read first: a browser that cannot locate offers no button, one that was
 * refused says how to allow it again.
 */
export function LocationForm({ profile, submitLabel, onSaved, onDraft }: ProfilePartProps) {
  const { t } = useTranslation('members');
  const { data: settings } = useSettings();
  const countryName = useCountryName();
  const [place, keepPlace] = useState<Place>({
    country: profile.country ?? settings?.geoip_selected_country ?? '',
    region: profile.region ?? '',
    city: profile.city ?? '',
    latitude: null,
    longitude: null,
  });
  const setPlace = (next: Place) => {
    keepPlace(next);
    onDraft?.(placeChange(next));
  };
  const [locating, setLocating] = useState<Locating>('idle');
  const [permission, setPermission] = useGeolocationPermission();
  const { save, alert, busy } = useSaveProfile(onSaved);
  const cities = useQuery({
    queryKey: ['cities', place.country, place.region, place.city.slice(0, 3)],
    queryFn: async () =>
      (
        await api(geoRoutes.cities, {
          country: place.country,
          region: place.region || undefined,
          q: place.city.slice(0, 3),
        })
      ).cities,
    enabled: place.country !== '' && place.city.length >= 2,
    staleTime: Infinity,
  });

  const locate = async () => {
    setLocating('busy');
    try {
      const position = await currentPosition();
      const found = await api(geoRoutes.geocode, {
        lat: position.coords.latitude,
        lon: position.coords.longitude,
      });
      setPlace({ ...found, city: found.city });
      setLocating('found');
    } catch (error) {
      const denied = (error as GeolocationPositionError).code === 1;
      setLocating(denied ? 'idle' : 'failed');
      if (denied) setPermission('denied');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(placeChange(place));
  };

  return (
    <Form onSubmit={submit}>
      <FormAlert alert={alert} />
      <div className="mb-3">
        {permission === 'unsupported' || permission === 'denied' ? (
          <Alert variant={permission === 'denied' ? 'warning' : 'light'} className="mb-0 small" role="status">
            {t(`location.${permission}`)}
          </Alert>
        ) : (
          <>
            <Button variant="outline-primary" onClick={locate} disabled={locating === 'busy'}>
              {locating === 'busy' ? t('location.locating') : t('location.useMine')}
            </Button>
            {permission === 'prompt' && locating === 'idle' && (
              <p className="form-text mt-1 mb-0">{t('location.willAsk')}</p>
            )}
          </>
        )}
        {(locating === 'found' || locating === 'failed') && (
          <Alert variant={locating === 'found' ? 'success' : 'warning'} className="mt-2 mb-0 small" role="status">
            {locating === 'found'
              ? t('location.found', { city: place.city, country: countryName(place.country) })
              : t('location.failed')}
          </Alert>
        )}
      </div>
      <Row className="g-3 mb-3">
        <Col xs={12} sm={6}>
          <CountrySelect
            id="profile-country"
            label={t('fields.country')}
            emptyLabel={t('location.chooseCountry')}
            value={place.country}
            onChange={(country) => setPlace({ country, region: '', city: '', latitude: null, longitude: null })}
          />
        </Col>
        <Col xs={12} sm={6}>
          <RegionSelect
            id="profile-region"
            label={t('fields.region')}
            emptyLabel={t('location.chooseRegion')}
            country={place.country}
            value={place.region}
            onChange={(region) => setPlace({ ...place, region, latitude: null, longitude: null })}
          />
        </Col>
        <Col xs={12}>
          <Form.Group controlId="profile-city">
            <Form.Label>{t('fields.city')}</Form.Label>
            <Form.Control
              value={place.city}
              list="profile-city-options"
              autoComplete="address-level2"
              disabled={!place.country}
              onChange={(e) => setPlace({ ...place, city: e.target.value, latitude: null, longitude: null })}
            />
            <datalist id="profile-city-options">
              {cities.data?.map((city) => (
                <option key={city.name} value={city.name} />
              ))}
            </datalist>
          </Form.Group>
        </Col>
      </Row>
      {!onDraft && <SubmitButton busy={busy}>{submitLabel ?? t('profile.save')}</SubmitButton>}
    </Form>
  );
}

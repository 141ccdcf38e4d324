"""The entity types the project detects and replaces, shared by detection and surrogates.

Names follow Presidio's where Presidio has one. This module has no imports from the
rest of the project so every layer may use it.
"""

PERSON = "PERSON"
EMAIL_ADDRESS = "EMAIL_ADDRESS"
PHONE_NUMBER = "PHONE_NUMBER"
STREET_ADDRESS = "STREET_ADDRESS"
LOCATION = "LOCATION"  # cities, regions, countries named as a place someone lives/works
POSTAL_CODE = "POSTAL_CODE"
CREDIT_CARD = "CREDIT_CARD"
IBAN_CODE = "IBAN_CODE"
US_BANK_NUMBER = "US_BANK_NUMBER"
US_SSN = "US_SSN"
US_PASSPORT = "US_PASSPORT"
US_DRIVER_LICENSE = "US_DRIVER_LICENSE"
IP_ADDRESS = "IP_ADDRESS"
URL = "URL"  # only URLs that carry personal identifiers
USERNAME = "USERNAME"  # usernames and @handles
SECRET = "SECRET"  # API keys, tokens, passwords
GPS_COORDINATES = "GPS_COORDINATES"
ACCOUNT_NUMBER = "ACCOUNT_NUMBER"  # account / policy / member / case / MRN numbers
VEHICLE_PLATE = "VEHICLE_PLATE"
DATE_TIME = "DATE_TIME"  # specific dates (shifted, not replaced); durations are not PII
DATE_OF_BIRTH = "DATE_OF_BIRTH"
AGE = "AGE"
NRP = "NRP"  # nationality, religious or political group (reported, kept by default)
ORGANIZATION = "ORGANIZATION"  # employers, schools (when personal)
PUBLIC = "PUBLIC"  # found but not about the contributor: a public figure, a work, a landmark, a place as topic (kept, reported with the reason)

# Direct identifiers: the leak-rate target of the detection benchmark applies to these.
DIRECT_IDENTIFIERS = frozenset(
    {
        PERSON,
        EMAIL_ADDRESS,
        PHONE_NUMBER,
        STREET_ADDRESS,
        CREDIT_CARD,
        IBAN_CODE,
        US_BANK_NUMBER,
        US_SSN,
        US_PASSPORT,
        US_DRIVER_LICENSE,
        IP_ADDRESS,
        ACCOUNT_NUMBER,
    }
)

ALL = frozenset(v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str))

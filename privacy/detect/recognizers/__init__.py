"""Our recognizers, one module each, added to Presidio's registry by the engine."""

from __future__ import annotations

from privacy.detect.recognizers.account_number import AccountNumberRecognizer
from privacy.detect.recognizers.address_block import AddressBlockRecognizer
from privacy.detect.recognizers.age import AgeRecognizer
from privacy.detect.recognizers.chat_speakers import ChatSpeakerRecognizer
from privacy.detect.recognizers.contact_line import ContactLineRecognizer
from privacy.detect.recognizers.credit_card import LuhnCardRecognizer
from privacy.detect.recognizers.date_of_birth import DateOfBirthRecognizer
from privacy.detect.recognizers.gps import GpsRecognizer
from privacy.detect.recognizers.initials import InitialsRecognizer
from privacy.detect.recognizers.id_documents import DriverLicenseRecognizer, PassportRecognizer, SsnContextRecognizer
from privacy.detect.recognizers.location_context import LocationContextRecognizer
from privacy.detect.recognizers.lowercase_name import LowercaseNameRecognizer
from privacy.detect.recognizers.name_list import NameListRecognizer
from privacy.detect.recognizers.person_context import PersonContextRecognizer
from privacy.detect.recognizers.personal_url import PersonalUrlRecognizer
from privacy.detect.recognizers.phone import InternationalPhoneRecognizer
from privacy.detect.recognizers.place_list import PlaceListRecognizer
from privacy.detect.recognizers.postal_code import PostalCodeRecognizer
from privacy.detect.recognizers.pronoun_reference import PronounReferenceRecognizer
from privacy.detect.recognizers.script_names import ScriptNameRecognizer
from privacy.detect.recognizers.secret import SecretRecognizer
from privacy.detect.recognizers.street_address import StreetAddressRecognizer
from privacy.detect.recognizers.table_columns import TableColumnRecognizer
from privacy.detect.recognizers.username import UsernameRecognizer
from privacy.detect.recognizers.vcard import VCardRecognizer
from privacy.detect.recognizers.vehicle_plate import VehiclePlateRecognizer
from privacy.detect.recognizers.written_date import WrittenDateRecognizer

ALL_RECOGNIZERS = (
    AccountNumberRecognizer,
    AddressBlockRecognizer,
    AgeRecognizer,
    ChatSpeakerRecognizer,
    ContactLineRecognizer,
    DateOfBirthRecognizer,
    InitialsRecognizer,
    LowercaseNameRecognizer,
    NameListRecognizer,
    LuhnCardRecognizer,
    DriverLicenseRecognizer,
    GpsRecognizer,
    LocationContextRecognizer,
    PassportRecognizer,
    PersonContextRecognizer,
    PersonalUrlRecognizer,
    InternationalPhoneRecognizer,
    PlaceListRecognizer,
    PostalCodeRecognizer,
    PronounReferenceRecognizer,
    ScriptNameRecognizer,
    SecretRecognizer,
    SsnContextRecognizer,
    StreetAddressRecognizer,
    TableColumnRecognizer,
    UsernameRecognizer,
    VCardRecognizer,
    VehiclePlateRecognizer,
    WrittenDateRecognizer,
)


def build_recognizers() -> list:
    """One fresh instance of each of our recognizers; the address-block recognizer shares the
    street recognizer's analysis of a text."""
    streets = StreetAddressRecognizer()
    return [AddressBlockRecognizer(streets) if cls is AddressBlockRecognizer else streets if cls is StreetAddressRecognizer
            else cls() for cls in ALL_RECOGNIZERS]

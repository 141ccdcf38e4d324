"""Messages about public things come out unchanged (issue 16, third file): a pasted public document
(a cast list, a list of laureates, a bio, a line-up) keeps its names, places and dates; each with a
guard that a private pasted text in the same frame is still replaced."""

from privacy import entities as E
from tests.detect.conftest import spans


def replaced(det, text):
    """The values a scrub would replace (every finding but the kept ones)."""
    return [v for v, t in spans(text, det.analyze_text(text)) if t not in (E.PUBLIC, E.NRP)]


# --- a pasted public document ------------------------------------------------------------------


def test_a_pasted_cast_list_keeps_its_notable_actors_but_not_full_names_that_read_as_someones(det):
    # a character's full name ("Rick Blaine") cannot be told from a private person's: it is replaced
    text = ("Is this cast list right for Casablanca?\n\n"
            "Humphrey Bogart – Rick Blaine\n"
            "Ingrid Bergman – Ilsa Lund\n"
            "Paul Henreid – Victor Laszlo\n"
            "Claude Rains – Captain Louis Renault")
    out = replaced(det, text)
    assert not {"Humphrey Bogart", "Ingrid Bergman", "Paul Henreid", "Claude Rains"} & set(out)
    assert "Rick Blaine" in out


def test_a_pasted_list_of_laureates_is_kept(det):
    text = ("Put this in a table please:\n\n"
            "Nobel Prize in Literature\n"
            "2016 – Bob Dylan\n"
            "2017 – Kazuo Ishiguro\n"
            "2018 – Olga Tokarczuk\n"
            "2019 – Peter Handke\n"
            "2020 – Louise Glück")
    assert replaced(det, text) == []


def test_a_pasted_bio_of_a_public_figure_keeps_its_places_and_birth_date(det):
    text = ("Shorten this for the club newsletter:\n\n"
            "Mohamed Salah (born 15 June 1992) is an Egyptian footballer who plays as a forward for "
            "Liverpool. He began his career with El Mokawloon before moving to Basel, and later played "
            "for Chelsea, Fiorentina and Roma. With Liverpool he won the Premier League alongside "
            "Virgil van Dijk and Sadio Mané.")
    assert replaced(det, text) == []


def test_a_pasted_line_up_keeps_names_after_their_role_codes(det):
    text = ("Make a graphic of this team sheet, Barcelona in the 2011 final at Wembley:\n\n"
            "GK Víctor Valdés\n"
            "RB Dani Alves, CB Gerard Piqué, CB Javier Mascherano, LB Eric Abidal\n"
            "CM Xavi Hernández, CM Sergio Busquets, CM Andrés Iniesta\n"
            "FW Lionel Messi, David Villa\n"
            "Coach: Pep Guardiola")
    assert replaced(det, text) == []


def test_guard_a_pasted_guest_list_is_still_replaced(det):
    text = ("Put this in a table please:\n\n"
            "Table 1 – Oluwaseun Adebayo, Marguerite Oyelaran\n"
            "Table 2 – Tomasz Wiśniewski, Hollis Brandvold\n"
            "Table 3 – Priyanka Ramaswamy")
    assert set(replaced(det, text)) >= {"Oluwaseun Adebayo", "Tomasz Wiśniewski", "Priyanka Ramaswamy"}


def test_guard_private_hosts_as_many_as_the_notable_authors_are_still_replaced(det):
    text = ("Format this book club list as a table:\n\n"
            "January – Beloved by Toni Morrison, hosted by Marguerite Oyelaran\n"
            "February – Never Let Me Go by Kazuo Ishiguro, hosted by Hollis Brandvold")
    assert {"Marguerite Oyelaran", "Hollis Brandvold"} <= set(replaced(det, text))


def test_guard_a_name_after_my_in_a_pasted_public_text_is_still_replaced(det):
    text = ("Proofread this for the parish magazine:\n\n"
            "In 1963 Martin Luther King Jr. spoke in Washington, and Mahalia Jackson sang. "
            "My grandmother Ottilie Brandvold was in the crowd.")
    assert "Ottilie Brandvold" in replaced(det, text)


def test_guard_private_people_by_title_or_surname_in_a_pasted_public_text_are_still_replaced(det):
    text = ("Rewrite this for the newsletter:\n\n"
            "Year 4 visited the British Museum to see the Rosetta Stone and the Elgin Marbles. Dr Brandvold "
            "thanked Marie Curie and Isaac Newton for inspiring the trip. Okafor organised the coach.")
    assert {"Brandvold", "Okafor"} <= set(replaced(det, text))


def test_guard_a_private_full_name_in_a_pasted_public_text_is_still_replaced(det):
    text = ("Make this into revision flashcards:\n\n"
            "1963 – Martin Luther King Jr. speaks at the Lincoln Memorial\n"
            "1964 – Nelson Mandela is sentenced at the Rivonia Trial\n"
            "1965 – the class trip, led by Ngozi Adeyemi-Hart")
    assert "Ngozi Adeyemi-Hart" in replaced(det, text)


def test_guard_a_pasted_letter_with_a_greeting_is_still_replaced(det):
    text = ("Can you make this email warmer?\n\n"
            "Hi Hollis,\n"
            "Thanks for the Kazuo Ishiguro and Toni Morrison recommendations. Marguerite Oyelaran "
            "will bring them on Friday.")
    assert "Marguerite Oyelaran" in replaced(det, text)



def test_a_street_named_without_a_number_in_a_pasted_public_text_is_kept(det):
    text = ("Make flashcards from this:\n\n"
            "1969 – The Beatles walk across Abbey Road for the album cover\n"
            "1967 – Jimi Hendrix plays the Saville Theatre\n"
            "1972 – David Bowie records Ziggy Stardust with Mick Ronson")
    assert replaced(det, text) == []


def test_a_town_on_the_line_of_a_kept_street_is_kept_with_it(det):
    text = ("Make flashcards from this:\n\n"
            "1969 – The Beatles walk across Abbey Road in London for the album cover\n"
            "1967 – Jimi Hendrix plays the Saville Theatre\n"
            "1972 – David Bowie records Ziggy Stardust with Mick Ronson")
    assert replaced(det, text) == []


def test_guard_an_address_with_a_house_number_keeps_a_pasted_text_private(det):
    text = ("Make flashcards from this:\n\n"
            "1969 – The Beatles walk across Abbey Road for the album cover\n"
            "1967 – Jimi Hendrix plays the Saville Theatre\n"
            "RSVP to Hollis Brandvold, 14 Larkspur Close, Norwich")
    assert "Hollis Brandvold" in replaced(det, text)

# --- a date at a line's end is no street --------------------------------------------------------


def test_a_day_and_month_before_a_line_opening_with_a_street_word_is_no_street(det):
    text = "The final is on 14 June\nCourt 1 opens at noon."
    assert E.STREET_ADDRESS not in [t for _, t in spans(text, det.analyze_text(text))]


def test_guard_a_street_line_above_the_town_is_still_a_street(det):
    text = "Send the parcel to:\nFlat 2\n14 Larkspur Close\nNorwich"
    assert ("14 Larkspur Close", E.STREET_ADDRESS) in spans(text, det.analyze_text(text))


# --- code -----------------------------------------------------------------------------------------


def test_a_type_after_an_annotations_colon_is_code(det):
    text = ("Why does mypy complain here?\n\n"
            "class Invoice:\n"
            "    def __init__(self, name: str, total: float):\n"
            "        self.name = name\n"
            "        self.total = total\n")
    assert replaced(det, text) == []


def test_a_call_read_as_a_name_is_code(det):
    text = ("What does this test check?\n\n"
            "def test_rejects_empty_title():\n"
            "    with pytest.raises(KeyError):\n"
            "        load_title({})\n")
    assert replaced(det, text) == []


def test_guard_a_name_in_a_code_string_is_still_replaced(det):
    text = 'Why does this fail?\n\nuser = {"name": "Hollis Brandvold", "age": 41}\nprint(user["name"])'
    assert "Hollis Brandvold" in replaced(det, text)


# --- a sentence's stop is no login's dot ------------------------------------------------------------


def test_a_word_ending_a_sentence_after_a_platform_word_is_no_username(det):
    text = "Cover the basin and steam for 3 hours. Check the water level halfway."
    assert E.USERNAME not in [t for _, t in spans(text, det.analyze_text(text))]


def test_guard_a_login_with_a_dot_after_a_platform_word_is_still_a_username(det):
    text = "add me on steam, my login is kasia.w"
    assert ("kasia.w", E.USERNAME) in spans(text, det.analyze_text(text))


# --- a brand before what it makes ---------------------------------------------------------------------


def test_brands_before_what_they_make_are_kept(det):
    assert replaced(det, "<li>Extra 20% off Gucci and Prada handbags</li>") == []


def test_a_word_called_a_good_brand_is_kept(det):
    assert replaced(det, "Is Zara a good brand for work trousers?") == []


def test_guard_a_possessive_before_a_product_still_names_someone(det):
    assert replaced(det, "Sarah's trainers are too small, can I return them without a receipt?") == ["Sarah"]


def test_guard_a_brand_ambassador_is_someone(det):
    assert "Hannah" in replaced(det, "Hannah is a brand ambassador for them, should I follow her?")


# --- a mountain, a lake, a cape -------------------------------------------------------------------


def test_a_name_opening_with_a_mountains_word_is_a_landmark(det):
    text = "Is it better to reach Mont Saint-Michel by train from Rennes, and should we stay overnight?"
    assert replaced(det, text) == []


def test_guard_a_town_named_with_a_lakes_word_where_someone_lives_is_still_replaced(det):
    assert "Lake Placid" in replaced(det, "We live in Lake Placid, any good schools?")

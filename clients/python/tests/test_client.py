"""The Python client against a real server: the calls a first program makes, through the
generated operations (named by operationId) and the hand-written helpers."""
import asyncio
import itertools
from contextlib import ExitStack

import pytest
from api_client.api.auth import get_session, sign_out, sign_up
from api_client.api.projects import create_project, delete_project, get_project, list_projects
from api_client.models import ProjectCreate, SignUp
from api_helpers import ApiError, connect, paginate

PASSWORD = "correct horse battery staple 42"
addresses = (f"python-{n}@example.com" for n in itertools.count())


@pytest.fixture
def clients(base_url):
    """Makes clients of the test server and closes them (their connections) after the test."""
    with ExitStack() as stack:
        yield lambda token=None: stack.enter_context(connect(base_url, token))


@pytest.fixture
def anonymous(clients):
    return clients()


@pytest.fixture
def signed_up(anonymous, clients):
    """Signs up a new account: its address and a client carrying its session's token."""

    def sign_up_one():
        email = next(addresses)
        result = sign_up.sync(client=anonymous, body=SignUp(email=email, password=PASSWORD))
        return email, clients(result.session.token)

    return sign_up_one


def test_sign_up_then_read_the_session(signed_up):
    email, client = signed_up()

    session = get_session.sync(client=client)

    assert session.user.email == email
    assert session.user.email_verified is False
    assert session.session.token == client.token


def test_a_taken_address_is_a_typed_409(signed_up, anonymous):
    email, _ = signed_up()

    with pytest.raises(ApiError) as raised:
        sign_up.sync(client=anonymous, body=SignUp(email=email, password=PASSWORD))

    # The auth envelope {error: CODE, message}: the code is in `error` and `code`.
    assert (raised.value.status, raised.value.code) == (409, "USER_ALREADY_EXISTS")
    assert raised.value.error == "USER_ALREADY_EXISTS"
    assert raised.value.message


def test_a_validation_error_names_the_field(anonymous):
    with pytest.raises(ApiError) as raised:
        sign_up.sync(client=anonymous, body=SignUp(email="not-an-address", password="x"))

    assert (raised.value.status, raised.value.code) == (400, "VALIDATION_ERROR")
    assert "email" in raised.value.details


def test_create_projects_and_walk_every_page(signed_up):
    _, client = signed_up()
    names = [f"Project {n}" for n in range(5)]
    for name in names:
        created = create_project.sync(client=client, body=ProjectCreate(name=name))
        assert (created.data.name, created.data.role) == (name, "owner")

    first = list_projects.sync(client=client, limit=2)
    assert (first.meta.total, first.meta.limit, first.meta.pages) == (5, 2, 3)
    walked = list(paginate(list_projects.sync, client=client, limit=2))

    # Newest first (the default sort), each project once across the three pages.
    assert [project.name for project in walked] == names[::-1]


def test_enumerations_are_plain_strings(signed_up):
    _, client = signed_up()
    for name in ("Beta", "Alpha"):
        create_project.sync(client=client, body=ProjectCreate(name=name))

    by_name = list_projects.sync(client=client, sort="name", order="asc")
    assert [project.name for project in by_name.data] == ["Alpha", "Beta"]
    # A value the API does not know is the server's 400, naming the parameter.
    with pytest.raises(ApiError) as raised:
        list_projects.sync(client=client, sort="bogus")  # type: ignore[arg-type]
    assert (raised.value.status, raised.value.code) == (400, "VALIDATION_ERROR")
    assert "sort" in raised.value.details


def test_the_path_parameter_is_the_first_positional_argument(signed_up):
    _, client = signed_up()
    project = create_project.sync(client=client, body=ProjectCreate(name="By position")).data

    assert get_project.sync(project.id, client=client).data.name == "By position"


def test_a_deleted_project_answers_404_in_the_general_envelope(signed_up):
    _, client = signed_up()
    project = create_project.sync(client=client, body=ProjectCreate(name="Short-lived")).data

    assert delete_project.sync_detailed(client=client, project_id=project.id).status_code == 204

    with pytest.raises(ApiError) as raised:
        get_project.sync(client=client, project_id=project.id)
    assert (raised.value.status, raised.value.code) == (404, "NOT_FOUND")
    assert raised.value.error == "Not Found"


def test_without_a_token_the_general_envelope_is_decoded(anonymous):
    with pytest.raises(ApiError) as raised:
        # The generated signature asks for an authenticated client; send none on purpose.
        list_projects.sync(client=anonymous)

    assert (raised.value.status, raised.value.code) == (401, "AUTH_ERROR")
    assert raised.value.error == "Unauthorized"


def test_sign_out_ends_the_session(signed_up):
    _, client = signed_up()

    assert sign_out.sync(client=client).success is True

    with pytest.raises(ApiError) as raised:
        get_session.sync(client=client)
    assert (raised.value.status, raised.value.code) == (401, "INVALID_TOKEN")


def test_the_async_functions_raise_the_same_errors(base_url, signed_up):
    email, _ = signed_up()

    async def sign_up_twice_then_read_the_session():
        async with connect(base_url) as anonymous:
            with pytest.raises(ApiError) as raised:
                await sign_up.asyncio(client=anonymous,
                                      body=SignUp(email=email, password=PASSWORD))
            result = await sign_up.asyncio(client=anonymous,
                                           body=SignUp(email="async-" + email, password=PASSWORD))
        async with connect(base_url, result.session.token) as client:
            return raised.value, await get_session.asyncio(client=client)

    error, session = asyncio.run(sign_up_twice_then_read_the_session())

    assert (error.status, error.code) == (409, "USER_ALREADY_EXISTS")
    assert session.user.email == "async-" + email
